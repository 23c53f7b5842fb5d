"use client";
import { useRouter } from "next/navigation";
import type { FormEvent, ReactNode } from "react";
import { useApplyFilters } from "./filters-panel";

/** The list URL a filters form asks for: its filled fields, in the page's language (`lng` as the page has it). */
export function filtersHref(form: HTMLFormElement, pageUrl: string): string {
  const q = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === "string" && value.trim() !== "") q.set(key, value.trim());
  const lng = new URL(pageUrl).searchParams.get("lng");
  if (lng) q.set("lng", lng);
  return `${form.getAttribute("action") ?? "/barbearias"}?${q.toString()}`;
}

/**
 * The list's filters as a GET form (it works before any JavaScript): once hydrated, applying them shows the new list
 * where the visitor is on the page, without a new document, and folds the filters away (inside a FiltersPanel, the
 * panel does both).
 */
export function FiltersForm({ children, className }: { children: ReactNode; className?: string }) {
  const router = useRouter();
  const apply = useApplyFilters();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const href = filtersHref(form, window.location.href);
    if (apply) return apply(href);
    form.closest("details")?.removeAttribute("open");
    router.push(href, { scroll: false });
  }
  return (
    <form method="get" action="/barbearias" className={className} onSubmit={submit}>
      {children}
    </form>
  );
}
