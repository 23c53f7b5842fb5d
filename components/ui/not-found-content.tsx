import type { ReactNode } from "react";
import { Link } from "@/components/ui/link";

type Props = {
  title: string;
  body: string;
  action: string;
  href: string;
  /** Above the title: "404" on a page no route knows. */
  kicker?: string;
  /** Between the words and the way on: what the page may have been (an unknown shop's nearest names). */
  children?: ReactNode;
};

/** What a 404 shows: what was not found, why it may be, and one way on (app/not-found.tsx, a shop's not-found). */
export function NotFoundContent({ title, body, action, href, kicker, children }: Props) {
  return (
    <section className="container-page py-16 text-center">
      {kicker ? <p className="mb-4 text-6xl font-bold text-primary">{kicker}</p> : null}
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted">{body}</p>
      {children}
      <Link href={href} className="btn-primary mt-8">
        {action}
      </Link>
    </section>
  );
}

/** What a 404 may have been, each a link to its page: an unknown shop's or city's nearest names. */
export function NotFoundSuggestions({ heading, items }: { heading: string; items: { key: string | number; href: string; title: string; detail?: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div className="mx-auto mt-8 max-w-md text-left">
      <h2 id="not-found-suggestions" className="text-sm font-semibold text-muted">
        {heading}
      </h2>
      <ul aria-labelledby="not-found-suggestions" className="mt-2 grid gap-2">
        {items.map((item) => (
          <li key={item.key}>
            <Link href={item.href} className="card block px-4 py-3 hover:border-primary/60">
              <span className="block font-semibold break-words">{item.title}</span>
              {item.detail ? <span className="block text-sm break-words text-muted">{item.detail}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
