import { Skeleton } from "@/components/ui/skeleton";

/** Three cards' worth of placeholder while the shops near a place load. */
export function NearbySkeleton({ label, className = "mt-8" }: { label: string; className?: string }) {
  return (
    <div role="status" aria-label={label} className={`${className} grid gap-4 sm:grid-cols-2 lg:grid-cols-3`}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-56" />
      ))}
    </div>
  );
}
