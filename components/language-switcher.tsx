"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LANG_COOKIE, LANG_STORAGE_KEY, LANGUAGES, type Lang } from "@/lib/i18n/settings";

const LABELS: Record<Lang, string> = { "pt-BR": "Português", en: "English", es: "Español" };

/** `label` comes translated from the server header (no i18next in the shell's JavaScript). */
export function LanguageSwitcher({ lng, label }: { lng: string; label: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  // js-cookie loads when a language is chosen, not with every page (decision 0033).
  async function change(next: string) {
    const { default: Cookies } = await import("js-cookie");
    Cookies.set(LANG_COOKIE, next, { expires: 365, sameSite: "lax", path: "/" });
    try {
      localStorage.setItem(LANG_STORAGE_KEY, next);
    } catch {
      // private mode
    }
    // Drop a ?lng= from the address so it does not override the new choice.
    const url = new URL(window.location.href);
    if (url.searchParams.has("lng")) {
      url.searchParams.delete("lng");
      window.history.replaceState(null, "", url);
    }
    startTransition(() => router.refresh());
  }

  return (
    <label className="flex items-center gap-1 text-sm text-muted">
      <span className="sr-only">{label}</span>
      <select
        className="min-h-11 cursor-pointer rounded-md border border-line bg-surface-2 px-2 text-sm text-ink"
        value={lng}
        onChange={(e) => void change(e.target.value)}
        disabled={pending}
        aria-busy={pending}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
