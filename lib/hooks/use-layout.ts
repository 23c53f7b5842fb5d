"use client";
import { useEffect, useState } from "react";

export type Layout = "mobile" | "tablet" | "desktop";

/** Breakpoints of the design: 320, 425, 768, 1024 and 1440 px. */
export function layoutForWidth(width: number): Layout {
  if (width >= 1024) return "desktop";
  if (width >= 768) return "tablet";
  return "mobile";
}

export const RESIZE_THROTTLE_MS = 200;

/** Calls fn at most once per `wait` ms, and once more with the last call after the window. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, wait: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const throttled = (...args: A) => {
    const now = Date.now();
    const remaining = wait - (now - last);
    if (remaining <= 0) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = undefined;
      last = Date.now();
      if (pending) fn(...pending);
      pending = undefined;
    }, remaining);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}

/** Reports mobile, tablet or desktop from the window width, re-measured at most every 200 ms. */
export function useLayout(): Layout {
  const [layout, setLayout] = useState<Layout>(() => (typeof window === "undefined" ? "mobile" : layoutForWidth(window.innerWidth)));
  useEffect(() => {
    const measure = throttle(() => setLayout(layoutForWidth(window.innerWidth)), RESIZE_THROTTLE_MS);
    measure();
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("resize", measure);
      measure.cancel();
    };
  }, []);
  return layout;
}
