"use client";
import { useT } from "next-i18next/client";
import { useId, useState, type FormEvent } from "react";
import { ConsoleStates } from "@/components/team/console-states";
import { useConsoleShop } from "@/components/team/use-console-shop";
import { LoadingBlock } from "@/components/ui/skeleton";
import { shopClock } from "@/components/agenda/time";
import { REPORT_MAX_DAYS } from "@/lib/contract/reports";
import { call } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { getReportCsv, type TReport, useReport } from "@/lib/api/reports";
import { PRESETS, presetOf, presetRange, type Range } from "./range";

const daysIn = (r: Range) => Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000) + 1;

/** The shop's figures over a range of its days: totals, revenue by day as bars, tables by barber and service, a CSV. */
export function ReportsView({ shopId }: { shopId: string }) {
  const shop = useConsoleShop(shopId);
  const { t } = useT("reports");
  if (!shop.data) return <ConsoleStates isLoading={shop.isLoading || !shop.error} error={shop.error} retry={() => void shop.mutate()} />;
  if (shop.permissions?.["reports.view"] !== "all") {
    return (
      <p role="alert" className="card p-6 text-danger">
        {t("errors:STAFF_PERMISSION")}
      </p>
    );
  }
  return <Reports shopId={shopId} today={shopClock(new Date(), shop.data.shop.timezone).date} />;
}

function Reports({ shopId, today }: { shopId: string; today: string }) {
  const { t, i18n } = useT("reports");
  const id = useId();
  const [range, setRange] = useState<Range>(() => presetRange("thisMonth", today));
  const [draft, setDraft] = useState<Range>(range);
  const [invalid, setInvalid] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const { data, error, isLoading, mutate } = useReport(shopId, range);
  const preset = presetOf(range, today);

  const choose = (r: Range) => {
    setInvalid(false);
    setDraft(r);
    setRange(r);
  };
  function apply(ev: FormEvent) {
    ev.preventDefault();
    const days = daysIn(draft);
    if (!draft.from || !draft.to || Number.isNaN(days) || days < 1 || days > REPORT_MAX_DAYS) {
      setInvalid(true);
      return;
    }
    choose(draft);
  }
  async function download() {
    setDownloading(true);
    const res = await call(() => getReportCsv(shopId, range), { t, errorKey: "REPORT_DOWNLOAD" });
    setDownloading(false);
    if (!res) return;
    const url = URL.createObjectURL(res);
    const a = document.createElement("a");
    a.href = url;
    a.download = `navalha-${t("fileWord")}-${shopId}-${range.from}-${range.to}.csv`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <div className="grid gap-6">
      <form className="card grid gap-4 p-4" onSubmit={apply} aria-label={t("range.label")} noValidate>
        <div role="group" aria-label={t("range.presets")} className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className="min-h-11 rounded-full border border-line px-4 text-sm hover:border-primary aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:font-semibold aria-pressed:text-primary-ink"
              aria-pressed={preset === p}
              onClick={() => choose(presetRange(p, today))}
            >
              {t(`range.${p}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-36 flex-1">
            <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
              {t("range.from")}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="input"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </div>
          <div className="min-w-36 flex-1">
            <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
              {t("range.to")}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className="input"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </div>
          <button type="submit" className="btn-ghost min-h-11">
            {t("range.apply")}
          </button>
        </div>
        {invalid && (
          <p id={`${id}-invalid`} role="alert" className="text-sm text-danger">
            {t("errors:REPORT_RANGE")}
          </p>
        )}
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{data ? t("timezone", { timezone: data.timezone }) : null}</p>
        <button type="button" className="btn-primary min-h-11" onClick={() => void download()} disabled={downloading || !data}>
          {downloading ? t("downloading") : t("download")}
        </button>
      </div>

      {error ? (
        <div role="alert" className="card p-6 text-center">
          <p className="text-danger">{errorMessage(error)}</p>
          <button type="button" className="btn-ghost mt-4" onClick={() => void mutate()}>
            {t("common:actions.retry")}
          </button>
        </div>
      ) : !data || isLoading ? (
        <LoadingBlock label={t("loading")} rows={4} />
      ) : (
        <Figures report={data} lang={i18n.language} />
      )}
    </div>
  );
}

function Figures({ report, lang }: { report: TReport; lang: string }) {
  const { t } = useT("reports");
  const money = (v: string) => new Intl.NumberFormat(lang, { style: "currency", currency: "BRL" }).format(Number(v));
  const percent = (r: number | null) => (r === null ? t("none") : new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 1 }).format(r));
  const hours = (minutes: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(minutes / 60);
  const day = (date: string, style: "short" | "long") =>
    new Intl.DateTimeFormat(lang, style === "short" ? { day: "numeric", month: "numeric", timeZone: "UTC" } : { dateStyle: "medium", timeZone: "UTC" }).format(
      new Date(`${date}T12:00:00Z`),
    );
  const x = report.totals;

  if (x.bookings === 0 && x.cancelled === 0) {
    return (
      <div className="grid gap-6">
        <Totals report={report} money={money} percent={percent} hours={hours} />
        <p className="card p-6 text-center text-muted">{t("empty")}</p>
      </div>
    );
  }
  const top = Math.max(...report.days.map((d) => Number(d.revenue)), 0);
  const topService = Math.max(...report.services.map((s) => Number(s.revenue)), 0);
  const withVisits = report.days.filter((d) => d.visits > 0);
  return (
    <div className="grid gap-6">
      <Totals report={report} money={money} percent={percent} hours={hours} />

      <section className="card p-4" aria-labelledby="report-days">
        <h2 id="report-days" className="mb-4 text-lg font-semibold">
          {t("byDay.title")}
        </h2>
        <div
          role="img"
          aria-label={`${t("byDay.chart")}: ${money(x.revenue)}`}
          className="flex h-40 items-end gap-px overflow-x-auto border-b border-line pb-px"
        >
          {report.days.map((d) => (
            <div
              key={d.date}
              title={`${day(d.date, "long")}: ${money(d.revenue)}`}
              className="min-w-1 flex-1 rounded-t-sm bg-primary"
              style={{ height: top > 0 ? `${Math.max((Number(d.revenue) / top) * 100, Number(d.revenue) > 0 ? 2 : 0)}%` : 0 }}
            />
          ))}
        </div>
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted">
          <span>{day(report.from, "short")}</span>
          <span>{day(report.to, "short")}</span>
        </div>
        {withVisits.length > 0 && (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm text-primary">{t("byDay.table")}</summary>
            <table className="mt-2 w-full text-sm">
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className="py-2 font-medium">
                    {t("byDay.date")}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t("byDay.revenue")}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t("byDay.visits")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {withVisits.map((d) => (
                  <tr key={d.date} className="border-t border-line">
                    <th scope="row" className="py-2 text-left font-normal">
                      {day(d.date, "long")}
                    </th>
                    <td className="py-2 text-right tabular-nums">{money(d.revenue)}</td>
                    <td className="py-2 text-right tabular-nums">{d.visits}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        )}
      </section>

      <section className="card overflow-x-auto p-4" aria-labelledby="report-barbers">
        <h2 id="report-barbers" className="mb-2 text-lg font-semibold">
          {t("byBarber.title")}
        </h2>
        <table className="w-full min-w-[18rem] text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-2 font-medium">
                {t("byBarber.barber")}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t("byBarber.revenue")}
              </th>
              <th scope="col" className="hidden py-2 text-right font-medium sm:table-cell">
                {t("byBarber.visits")}
              </th>
              <th scope="col" className="py-2 pl-3 font-medium">
                {t("byBarber.occupancy")}
              </th>
            </tr>
          </thead>
          <tbody>
            {report.barbers.map((b) => (
              <tr key={b.barber_id} className="border-t border-line align-top">
                <th scope="row" className="py-2 pr-2 text-left font-normal break-words">
                  {b.name}
                </th>
                <td className="py-2 text-right tabular-nums">{money(b.revenue)}</td>
                <td className="hidden py-2 text-right tabular-nums sm:table-cell">{b.visits}</td>
                <td className="py-2 pl-3">
                  <span className="tabular-nums">{percent(b.occupancy)}</span>
                  <Bar share={b.occupancy ?? 0} />
                  <span className="block text-xs text-muted">{t("byBarber.hoursOf", { booked: hours(b.booked_minutes), open: hours(b.open_minutes) })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card overflow-x-auto p-4" aria-labelledby="report-services">
        <h2 id="report-services" className="mb-2 text-lg font-semibold">
          {t("byService.title")}
        </h2>
        {report.services.length === 0 ? (
          <p className="text-sm text-muted">{t("emptyList")}</p>
        ) : (
          <table className="w-full min-w-[18rem] text-sm">
            <thead>
              <tr className="text-left text-muted">
                <th scope="col" className="py-2 font-medium">
                  {t("byService.service")}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t("byService.visits")}
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-medium">
                  {t("byService.revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.services.map((s) => (
                <tr key={s.service_id} className="border-t border-line align-top">
                  <th scope="row" className="py-2 pr-2 text-left font-normal break-words">
                    {s.name}
                    <Bar share={topService > 0 ? Number(s.revenue) / topService : 0} />
                  </th>
                  <td className="py-2 text-right tabular-nums">{s.visits}</td>
                  <td className="py-2 pl-3 text-right tabular-nums">{money(s.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** A thin bar for the eye; the figure beside it is what a screen reader hears. */
function Bar({ share }: { share: number }) {
  return (
    <span aria-hidden="true" className="mt-1 block h-1.5 w-full max-w-40 rounded-full bg-surface-2">
      <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.min(Math.max(share, 0), 1) * 100}%` }} />
    </span>
  );
}

function Totals({
  report,
  money,
  percent,
  hours,
}: {
  report: TReport;
  money: (v: string) => string;
  percent: (r: number | null) => string;
  hours: (m: number) => string;
}) {
  const { t } = useT("reports");
  const x = report.totals;
  const items = [
    { label: t("totals.revenue"), value: money(x.revenue), hint: t("totals.cancelled", { count: x.cancelled }) },
    { label: t("totals.visits"), value: String(x.visits), hint: t("totals.bookings", { count: x.bookings }) },
    {
      label: t("totals.occupancy"),
      value: percent(x.occupancy),
      hint: t("totals.occupancyHint", { booked: hours(x.booked_minutes), open: hours(x.open_minutes) }),
    },
    { label: t("totals.noShowRate"), value: percent(x.no_show_rate), hint: t("totals.noShowHint", { no_shows: x.no_shows, count: x.started }) },
    {
      label: t("totals.clients"),
      value: String(x.new_clients + x.returning_clients),
      hint: t("totals.clientsHint", { new: x.new_clients, returning: x.returning_clients }),
    },
  ];
  return (
    <section aria-label={t("totals.label")}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {items.map((i, n) => (
          <div key={i.label} className={`card min-w-0 p-4 ${n === 0 ? "col-span-2" : ""}`}>
            <dt className="text-sm text-muted">{i.label}</dt>
            <dd className="mt-1 text-2xl font-bold break-words text-primary tabular-nums">{i.value}</dd>
            <dd className="mt-1 text-xs text-muted">{i.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
