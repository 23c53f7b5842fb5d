/** One step of the booking flow: a card named by its heading (the step's `id` labels the section). */
export function StepCard({
  id,
  title,
  busy,
  children,
}: {
  id: string;
  title: string;
  busy?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card p-4 md:p-6" aria-busy={busy}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
