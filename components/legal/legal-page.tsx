import type { Metadata } from "next";
import { alternates, sharePreview } from "@/components/shop/seo";
import { inLanguage } from "@/lib/i18n/settings";
import { sitePreviewAlt } from "@/lib/i18n/share-alt";
import { siteShareImage } from "@/lib/i18n/share-image";
import { formatLongDate } from "@/lib/i18n/format";
import { getT } from "@/lib/i18n/server";
import { whatsappChat } from "@/lib/contract/common";
import type { ReactNode } from "react";
import { DATED_LEGAL_PAGES, type LegalPageKey, textUpdated } from "./updated";

export type { LegalPageKey };
type Section = { heading: string; body: string[] };
type FaqItem = { q: string; a: string };

export async function legalMetadata(page: LegalPageKey, path: string): Promise<Metadata> {
  const { t, lng } = await getT("legal");
  const title = t(`${page}.title`);
  const description = t(`${page}.description`);
  // The preview is the site's card: its alt describes that picture ("Navalha — barbershops near you"), not the page.
  const image = siteShareImage(lng, await sitePreviewAlt(lng));
  return { title, description, alternates: alternates(path, lng), ...sharePreview({ title, description, url: inLanguage(path, lng), lng, image }) };
}

const LINK = "text-primary underline";

/** A paragraph with its e-mail addresses and the team's WhatsApp number as links: a tap opens the mail app or the chat. */
function withLinks(text: string, whatsapp: string): ReactNode {
  const number = whatsapp.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parts = text.split(new RegExp(`([\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+|${number})`));
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 0 ? (
      part
    ) : part === whatsapp ? (
      <a key={i} className={LINK} href={whatsappChat(whatsapp)} target="_blank" rel="noopener noreferrer">
        {part}
      </a>
    ) : (
      <a key={i} className={LINK} href={`mailto:${part}`}>
        {part}
      </a>
    ),
  );
}

/** Renders one footer page from locales/<lng>/legal.json. */
export async function LegalPage({ page }: { page: LegalPageKey }) {
  const { t, lng } = await getT("legal");
  const sections = (t(`${page}.sections`, { returnObjects: true, defaultValue: [] }) as Section[] | string) || [];
  const items = (t(`${page}.items`, { returnObjects: true, defaultValue: [] }) as FaqItem[] | string) || [];
  // "Updated on <time>25 November 2026</time>": the day in the page's language, and as a date for machines.
  const day = DATED_LEGAL_PAGES.includes(page) ? textUpdated(page) : null;
  const [before, after] = day ? t("updatedOn", { date: "\u0000" }).split("\u0000") : [];
  const whatsapp = t("contact.whatsapp");
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold md:text-4xl">{t(`${page}.title`)}</h1>
      <p className="mt-3 text-muted">{t(`${page}.description`)}</p>
      {day && (
        <p className="mt-1 text-sm text-muted">
          {before}
          <time dateTime={day}>{formatLongDate(lng, day, { day: "numeric", month: "long", year: "numeric" })}</time>
          {after}
        </p>
      )}
      {Array.isArray(sections) &&
        sections.map((s, i) => (
          <section key={i} className="mt-8" id={page === "contact" && i === 1 ? "owners" : undefined}>
            <h2 className="text-xl font-semibold text-primary">{s.heading}</h2>
            {s.body.map((p, j) => (
              <p key={j} className="mt-3 leading-relaxed text-ink/90">
                {withLinks(p, whatsapp)}
              </p>
            ))}
          </section>
        ))}
      {Array.isArray(items) && items.length > 0 && (
        <div className="mt-8 space-y-3">
          {items.map((item, i) => (
            <details key={i} className="card group p-4 open:border-primary/60">
              <summary className="cursor-pointer list-none font-semibold marker:hidden">
                <span className="mr-2 text-primary group-open:rotate-90">›</span>
                {item.q}
              </summary>
              <p className="mt-2 leading-relaxed text-ink/90">{withLinks(item.a, whatsapp)}</p>
            </details>
          ))}
        </div>
      )}
      {page === "contact" && (
        <dl className="card mt-8 grid gap-3 p-5 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">E-mail</dt>
            <dd>
              <a className={LINK} href={`mailto:${t("contact.email")}`}>
                {t("contact.email")}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">WhatsApp</dt>
            <dd>{withLinks(whatsapp, whatsapp)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("contact.hoursLabel")}</dt>
            <dd>{t("contact.hours")}</dd>
          </div>
        </dl>
      )}
    </article>
  );
}
