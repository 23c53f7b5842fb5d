import { Fragment, type ReactNode } from "react";

export type Fact = { label: string; value: ReactNode; className?: string };

/**
 * A card of labels and values: what a booking or an alert is, on the pages a message's link opens (the one-tap
 * answer, the rating page, a guest's alert). `children` adds rows of its own.
 */
export function FactList({ facts, children }: { facts: Fact[]; children?: ReactNode }) {
  return (
    <dl className="card mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm">
      {facts.map((f) => (
        <Fragment key={f.label}>
          <dt className="text-muted">{f.label}</dt>
          <dd className={f.className}>{f.value}</dd>
        </Fragment>
      ))}
      {children}
    </dl>
  );
}
