import { type InputHTMLAttributes, type Ref, useId } from "react";

/** A labelled input whose hint and error, when there are, are tied to it for screen readers. */
export function LabelledInput({
  label,
  error,
  hint,
  className = "input",
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error: string | null; hint?: string; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} className={className} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
