"use client";
import { useEffect, useState } from "react";

/**
 * A part of a page's code that is not in its first load: `load()` fetches it (and may be called ahead,
 * e.g. when a step is near); once it has arrived, `loaded` holds it.
 */
export type Part<T> = { loaded: T | null; load: () => Promise<T> };

export function part<T>(importer: () => Promise<T>): Part<T> {
  const p: Part<T> = {
    loaded: null,
    load: () => (p.loaded ? Promise.resolve(p.loaded) : importer().then((m) => (p.loaded = m))),
  };
  return p;
}

/**
 * The part, asked for once `needed`: null while it loads, "failed" when it could not be (offline). A part
 * loaded ahead renders at once, with no fallback in between (React.lazy would show its fallback for a
 * moment even then, and take the focus from a heading it replaced).
 */
export function usePart<T>(p: Part<T>, needed = true): T | null | "failed" {
  const [state, setState] = useState<T | null | "failed">(p.loaded);
  useEffect(() => {
    if (!needed || state !== null) return;
    let live = true;
    p.load().then(
      (m) => live && setState(() => m),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [p, needed, state]);
  return state ?? p.loaded;
}
