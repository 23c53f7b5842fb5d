export { Skeleton } from "@/components/ui/skeleton";
/**
 * One step of the booking flow: a card named by its heading. The heading takes focus when the step
 * opens (tabIndex -1), so a screen reader announces the new step.
 */
export function StepCard({
  id,
  title,
  busy,
  children,
  aside,
}: {
  id: string;
  title: string;
  busy?: boolean;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card min-w-0 p-4 md:p-6" aria-busy={busy}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
