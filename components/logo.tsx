/** The brand mark: a straight razor in gold. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#E5B817" />
      <path d="M7 21.5 20.5 8a2.2 2.2 0 0 1 3.1 3.1L10.1 24.6Z" fill="#1a1502" />
      <path d="m10.1 24.6 2.6 2.6a1.5 1.5 0 0 0 2.1-2.1l-2.6-2.6" fill="none" stroke="#1a1502" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
