/** A grey placeholder the size of what is loading (hidden from screen readers: the status label speaks). */
export function Skeleton({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-xl bg-line/60 ${className}`} />;
}

/** A loading region: a screen reader hears `label` once; the eye sees `lines` grey bars shaped like the content. */
export function LoadingBlock({ label, rows = 3, className = "" }: { label: string; rows?: number; className?: string }) {
  return (
    <div role="status" aria-label={label} className={`grid gap-3 ${className}`}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={i === 0 ? "h-24" : "h-16"} />
      ))}
    </div>
  );
}
