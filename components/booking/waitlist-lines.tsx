"use client";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";

/**
 * The line that says an alert was asked for or taken back. It replaces the button just pressed, so when it appears
 * after that press (`focusRef` set by it) it takes the focus, once: the focus would otherwise fall to the page, and on a
 * phone the shorter block can leave the line above the screen (focusing scrolls it into view). Shown again later (the
 * period's tab chosen again) or on opening the page, it does not. Not in the tab order.
 */
export function DoneLine({ focusRef, className = "text-ink", children }: { focusRef: RefObject<boolean>; className?: string; children: ReactNode }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusRef.current) return;
    focusRef.current = false;
    line.current?.focus();
  }, [focusRef]);
  return (
    <p ref={line} role="status" tabIndex={-1} className={`${className} scroll-mt-20 focus:outline-none`}>
      {children}
    </p>
  );
}

/** Where a sentence says the phone (`keepWhole` puts it there). */
export const MARK = "\u0000";
/** A sentence with the phone where MARK is, the phone on one line ("(41) 97295-" above "0852" read badly). */
export function keepWhole(sentence: string, phone: string): ReactNode {
  const [before, after = ""] = sentence.split(MARK);
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{phone}</span>
      {after}
    </>
  );
}
