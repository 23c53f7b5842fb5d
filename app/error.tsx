"use client";
import { Link } from "@/components/ui/link";
import { usePageErrorText } from "@/components/page-error-text";

/** Shown when a page cannot be rendered (e.g. the database is briefly unreachable): a way back, not a stack. */
export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const text = usePageErrorText();
  return (
    <div className="container-page py-20 text-center" role="alert">
      <h1 className="text-2xl font-semibold">{text.title}</h1>
      <p className="mt-2 text-muted">{text.body}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => reset()}>
          {text.retry}
        </button>
        <Link href="/" className="btn-ghost">
          {text.home}
        </Link>
      </div>
    </div>
  );
}
