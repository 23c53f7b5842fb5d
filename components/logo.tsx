import { MARK } from "@/lib/brand/brand-mark";

/** The brand mark: a straight razor in gold (lib/brand/brand-mark.ts draws the same for the app icons). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={MARK.gold} />
      <path d={MARK.blade} fill={MARK.ink} />
      <path d={MARK.handle} fill="none" stroke={MARK.ink} strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
