import { type InputHTMLAttributes, type Ref, useId } from "react";

/** A labelled input whose error, when there is one, is tied to it for screen readers. */
export function LabelledInput({ label, error, className = "input", ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string; error: string | null; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} className={className} aria-invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} {...input} />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
