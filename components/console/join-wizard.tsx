"use client";
import { useT } from "next-i18next/client";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { PinMap, type MapTiles } from "@/components/map/pin-map";
import { AMENITIES, COMMON_SERVICES, type TShopProfile } from "@/lib/contract/onboarding";
import { formatPhoneBr } from "@/lib/contract/common";
import { errorCode, errorMessage } from "@/lib/api/errors";
import { createShop, geocodeAddress, lookupCep, patchProfile, publishShop, setupShop, uploadShopPhoto, getProfile } from "@/lib/api/console";
import { useSession } from "@/lib/api/session";
import { maskPhoneBr } from "@/lib/text/phone-mask";
import { AmenityChoices, serverErrors, TextArea, TextField } from "./fields";
import { ShopPreview } from "./shop-preview";

// The way a shop joins (docs/console.md): one question a screen, phone first, every answer kept in a draft on the
// device at each step (nothing typed is lost on reload) and on the server from the pin on (the shop is created
// unpublished there). Sensible defaults: Monday to Saturday 09:00–19:00, common services ticked with typical
// durations and prices, the owner a barber who does them all.

export const STEPS = ["name", "cep", "number", "pin", "contacts", "photos", "about", "hours", "services", "preview", "done"] as const;
type Step = (typeof STEPS)[number];

type DayHours = { open: boolean; opens: string; closes: string };
type ServiceRow = { key: string; name: string; on: boolean; duration: string; price: string };

export type Draft = {
  step: Step;
  name: string;
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  state: string;
  number: string;
  complement: string;
  latitude: number | null;
  longitude: number | null;
  /** The address the pin was placed for: a new address asks the geocoder again. */
  pinFor: string;
  pinFound: boolean;
  /** The CEP lookup did not know the CEP (or did not answer): the owner types the address. */
  byHand: boolean;
  whatsapp: string;
  samePhone: boolean;
  phone: string;
  description: string;
  amenities: string[];
  days: DayHours[];
  services: ServiceRow[];
  /** The owner also cuts hair: a barber column of his own (off: a barber is invited before publishing). */
  ownerIsBarber: boolean;
  shopId: number | null;
  slug: string;
  photos: string[];
};

function initialDraft(t: (k: string) => string): Draft {
  return {
    step: "name",
    name: "",
    cep: "",
    street: "",
    neighborhood: "",
    city: "",
    state: "",
    number: "",
    complement: "",
    latitude: null,
    longitude: null,
    pinFor: "",
    pinFound: false,
    byHand: false,
    whatsapp: "",
    samePhone: true,
    phone: "",
    description: "",
    amenities: [],
    days: Array.from({ length: 7 }, (_, d) => ({ open: d !== 0, opens: "09:00", closes: "19:00" })),
    services: COMMON_SERVICES.map((s, i) => ({
      key: s.key,
      name: t(`common.${s.key}`),
      on: i < 3,
      duration: String(s.duration_minutes),
      price: s.price.replace(".", ","),
    })),
    ownerIsBarber: true,
    shopId: null,
    slug: "",
    photos: [],
  };
}

const draftKey = (userId: number | undefined) => `navalha.shopDraft.${userId ?? "anon"}`;
const cepMask = (s: string) => {
  const d = s.replace(/\D/g, "").slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
};
const toMoney = (s: string) => {
  const n = Number(s.replace(/\./g, "").replace(",", "."));
  return Number.isFinite(n) ? n.toFixed(2) : "";
};
const addressLine = (d: Draft) => `${d.street}, ${d.number}, ${d.neighborhood}, ${d.city}, ${d.state}`;
const hoursOf = (d: Draft) => d.days.flatMap((h, weekday) => (h.open ? [{ weekday, opens: h.opens, closes: h.closes }] : []));
const servicesOf = (d: Draft) =>
  d.services
    .filter((s) => s.on && s.name.trim())
    .map((s) => ({
      name: s.name.trim(),
      duration_minutes: Number(s.duration),
      price: toMoney(s.price),
      category: COMMON_SERVICES.find((c) => c.key === s.key)?.category ?? "hair",
    }));

function loadDraft(userId: number | undefined, t: (k: string) => string): Draft | null {
  if (typeof window === "undefined" || userId === undefined) return null;
  try {
    const saved = localStorage.getItem(draftKey(userId));
    const kept = saved ? (JSON.parse(saved) as Draft) : null;
    // A shop published from this draft is done: the next visit starts another.
    return kept && kept.step !== "done" ? { ...initialDraft(t), ...kept } : initialDraft(t);
  } catch {
    return initialDraft(t);
  }
}

export function JoinWizard({ tiles }: { tiles: MapTiles }) {
  const { t } = useT("console");
  const { user } = useSession();
  const router = useRouter();
  // The draft kept on this device, or a new one (the console renders in the browser only, once signed in).
  const [draft, setDraft] = useState<Draft | null>(() => loadDraft(user?.id, t));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [note, setNote] = useState("");
  const [profile, setProfile] = useState<TShopProfile | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Every change is saved at once.
  useEffect(() => {
    if (draft && user) localStorage.setItem(draftKey(user.id), JSON.stringify(draft));
  }, [draft, user]);

  // A new screen: its heading takes the focus, so a screen reader says where one is.
  const step = draft?.step;
  useEffect(() => {
    if (!step) return;
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  // The pin: asked of the geocoder once for each address.
  useEffect(() => {
    if (!draft || draft.step !== "pin" || draft.pinFor === addressLine(draft)) return;
    let cancelled = false;
    void (async () => {
      setNote(t("wizard.pin.searching"));
      const line = addressLine(draft);
      try {
        const found = await geocodeAddress(line);
        let at = found.items[0];
        if (!at) {
          const city = await geocodeAddress(`${draft.city}, ${draft.state}, Brasil`).catch(() => ({ items: [] }));
          at = city.items[0] ?? { latitude: -15.7939, longitude: -47.8828, label: "" };
        }
        if (cancelled) return;
        setDraft((d) => d && { ...d, latitude: at.latitude, longitude: at.longitude, pinFor: line, pinFound: found.items.length > 0 });
        setNote(found.items.length ? "" : t("wizard.pin.notFound"));
      } catch (err) {
        if (cancelled) return;
        setNote(errorMessage(err));
        setDraft((d) => d && { ...d, latitude: d.latitude ?? -23.5505, longitude: d.longitude ?? -46.6333, pinFor: line, pinFound: false });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [draft, t]);

  // The preview reads the shop as saved.
  useEffect(() => {
    if (draft?.step !== "preview" || !draft.shopId) return;
    void getProfile(draft.shopId).then((p) => setProfile(p.profile));
  }, [draft?.step, draft?.shopId]);

  if (!draft) return <p className="text-muted">{t("loading")}</p>;

  const set = (patch: Partial<Draft>) => setDraft((d) => d && { ...d, ...patch });
  const index = STEPS.indexOf(draft.step);
  const go = (to: Step) => {
    setError("");
    setFields({});
    set({ step: to });
  };
  const fail = (err: unknown) => {
    const e = serverErrors(err);
    setFields(e.fields);
    setError(e.message || errorMessage(err));
  };

  async function run(work: () => Promise<Step | void>) {
    setBusy(true);
    setError("");
    setFields({});
    try {
      const to = await work();
      if (to) go(to);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function onCep(value: string) {
    const masked = cepMask(value);
    set({ cep: masked });
    if (masked.replace(/\D/g, "").length !== 8) return;
    setNote(t("wizard.cep.searching"));
    try {
      const a = await lookupCep(masked);
      set({ cep: a.zip_code, street: a.street, neighborhood: a.neighborhood, city: a.city, state: a.state, byHand: false });
      setError("");
      setNote(t("wizard.cep.found"));
    } catch (err) {
      setNote("");
      fail(err);
      set({ byHand: true });
    }
  }

  const d = draft;
  // A draft saved before the choice existed: he cuts hair, as the wizard assumed then.
  const ownerIsBarber = d.ownerIsBarber !== false;
  const address = () => ({
    zip_code: d.cep,
    street: d.street,
    number: d.number,
    complement: d.complement || undefined,
    neighborhood: d.neighborhood,
    city: d.city,
    state: d.state,
    latitude: d.latitude ?? 0,
    longitude: d.longitude ?? 0,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    switch (d.step) {
      case "name":
        return void run(async () => {
          if (d.shopId) await patchProfile(d.shopId, { name: d.name });
          return "cep";
        });
      case "cep":
        return void run(async () =>
          d.street && d.neighborhood && d.city && /^[A-Za-z]{2}$/.test(d.state) ? "number" : void setError(t("errors:CEP_NOT_FOUND")),
        );
      case "number":
        return go("pin");
      case "pin":
        return void run(async () => {
          if (d.shopId) {
            await patchProfile(d.shopId, { address: address() });
          } else {
            try {
              const made = await createShop({ name: d.name, ...address() });
              set({ shopId: made.shop.id, slug: made.shop.slug });
            } catch (err) {
              // The name is refused in that city: back to the name, with the reason.
              if (errorCode(err) === "SHOP_NAME_TAKEN") {
                go("name");
                setError(errorMessage(err));
                return;
              }
              throw err;
            }
          }
          return "contacts";
        });
      case "contacts":
        return void run(async () => {
          await patchProfile(d.shopId!, { whatsapp: d.whatsapp, phone: d.samePhone ? d.whatsapp : d.phone });
          return "photos";
        });
      case "photos":
        return go("about");
      case "about":
        return void run(async () => {
          await patchProfile(d.shopId!, { description: d.description, amenities: d.amenities as (typeof AMENITIES)[number][] });
          return "hours";
        });
      case "hours":
        return go("services");
      case "services":
        return void run(async () => {
          if (servicesOf(d).length === 0) return void setError(t("wizard.services.none"));
          await setupShop(d.shopId!, { hours: hoursOf(d), services: servicesOf(d), owner_is_barber: ownerIsBarber });
          return "preview";
        });
      case "preview":
        // Without a barber the shop cannot be published yet: the team page invites one.
        if (!ownerIsBarber) {
          if (user) localStorage.removeItem(draftKey(user.id));
          return router.push(`/painel/${d.shopId}/equipe`);
        }
        return void run(async () => {
          await publishShop(d.shopId!);
          return "done";
        });
    }
  }

  async function addPhotos(files: FileList | null) {
    if (!files?.length || !d.shopId) return;
    setBusy(true);
    setError("");
    for (const file of Array.from(files)) {
      setNote(t("wizard.photos.uploading"));
      try {
        const r = await uploadShopPhoto(d.shopId, file);
        set({ photos: r.photos });
      } catch (err) {
        fail(err);
      }
    }
    setNote("");
    setBusy(false);
  }

  const screen = (body: ReactNode, opts: { submit?: string; skip?: boolean } = {}) => (
    <form onSubmit={submit} noValidate className="grid gap-5" data-step={d.step} aria-labelledby="wizard-title">
      <div>
        <p className="text-xs font-semibold tracking-wide text-primary uppercase">{t("wizard.step", { n: index + 1, total: STEPS.length })}</p>
        <div className="mt-2 h-1 w-full rounded-full bg-surface-2" aria-hidden="true">
          <div className="h-1 rounded-full bg-primary" style={{ width: `${((index + 1) / STEPS.length) * 100}%` }} />
        </div>
        <h1 id="wizard-title" ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          {t(`wizard.${d.step}.title`)}
        </h1>
      </div>
      {body}
      <p role="status" className="min-h-5 text-sm text-muted">
        {note}
      </p>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap-reverse items-center justify-between gap-3">
        {index > 0 && d.step !== "done" ? (
          <button type="button" className="btn-ghost" onClick={() => go(STEPS[index - 1])} disabled={busy}>
            {t("wizard.back")}
          </button>
        ) : (
          <span />
        )}
        {d.step !== "done" && (
          <button type="submit" className="btn-primary min-w-36" disabled={busy} aria-busy={busy}>
            {busy ? t("wizard.saving") : (opts.submit ?? t("wizard.next"))}
          </button>
        )}
      </div>
    </form>
  );

  switch (d.step) {
    case "name":
      return screen(
        <TextField
          label={t("wizard.name.label")}
          hint={t("wizard.name.hint")}
          value={d.name}
          onChange={(e) => set({ name: e.target.value })}
          required
          minLength={2}
          maxLength={80}
          autoComplete="organization"
          autoFocus
          error={fields.name}
        />,
      );
    case "cep":
      return screen(
        <div className="grid gap-4">
          <TextField
            label={t("wizard.cep.label")}
            hint={t("wizard.cep.hint")}
            value={d.cep}
            onChange={(e) => void onCep(e.target.value)}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            required
            error={fields.zip_code}
          />
          {(d.city || d.byHand) && (
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t("wizard.cep.street")}
                value={d.street}
                onChange={(e) => set({ street: e.target.value })}
                autoComplete="address-line1"
                className="sm:col-span-2"
              />
              <TextField label={t("wizard.cep.neighborhood")} value={d.neighborhood} onChange={(e) => set({ neighborhood: e.target.value })} />
              {d.byHand ? (
                <div className="grid grid-cols-[1fr_5rem] gap-3">
                  <TextField label={t("wizard.cep.city")} value={d.city} onChange={(e) => set({ city: e.target.value })} autoComplete="address-level2" />
                  <TextField
                    label={t("wizard.cep.state")}
                    value={d.state}
                    onChange={(e) =>
                      set({
                        state: e.target.value
                          .toUpperCase()
                          .replace(/[^A-Z]/g, "")
                          .slice(0, 2),
                      })
                    }
                    autoComplete="address-level1"
                  />
                </div>
              ) : (
                <TextField label={t("wizard.cep.city")} value={`${d.city} - ${d.state}`} readOnly />
              )}
            </div>
          )}
        </div>,
      );
    case "number":
      return screen(
        <div className="grid grid-cols-[7rem_1fr] gap-3">
          <p className="col-span-2 text-sm text-muted">
            {d.street}, {d.neighborhood} · {d.city} - {d.state}
          </p>
          <TextField
            label={t("wizard.number.number")}
            value={d.number}
            onChange={(e) => set({ number: e.target.value })}
            inputMode="numeric"
            required
            maxLength={20}
            autoFocus
            error={fields.number}
          />
          <TextField
            label={t("wizard.number.complement")}
            hint={t("wizard.number.complementHint")}
            value={d.complement}
            onChange={(e) => set({ complement: e.target.value })}
            maxLength={60}
          />
        </div>,
      );
    case "pin":
      return screen(
        <div className="grid gap-3">
          <p className="text-sm text-muted">{t("wizard.pin.hint")}</p>
          {d.latitude !== null && d.longitude !== null ? (
            <PinMap
              tiles={tiles}
              value={{ latitude: d.latitude, longitude: d.longitude }}
              onChange={(at) => set({ latitude: at.latitude, longitude: at.longitude })}
              labels={{
                map: t("wizard.pin.map"),
                pin: t("wizard.pin.pin"),
                north: t("wizard.pin.north"),
                south: t("wizard.pin.south"),
                east: t("wizard.pin.east"),
                west: t("wizard.pin.west"),
              }}
            />
          ) : (
            <div className="h-72 animate-pulse rounded-lg bg-surface-2" aria-hidden="true" />
          )}
        </div>,
      );
    case "contacts":
      return screen(
        <div className="grid gap-4">
          <TextField
            label={t("wizard.contacts.whatsapp")}
            value={d.whatsapp}
            onChange={(e) => set({ whatsapp: maskPhoneBr(e.target.value) })}
            inputMode="tel"
            autoComplete="tel"
            placeholder="(11) 91234-5678"
            required
            autoFocus
            error={fields.whatsapp}
          />
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={d.samePhone}
              onChange={(e) => set({ samePhone: e.target.checked })}
            />
            {t("wizard.contacts.samePhone")}
          </label>
          {!d.samePhone && (
            <TextField
              label={t("wizard.contacts.phone")}
              value={d.phone}
              onChange={(e) => set({ phone: maskPhoneBr(e.target.value) })}
              inputMode="tel"
              placeholder="(11) 3333-4444"
              error={fields.phone}
            />
          )}
        </div>,
      );
    case "photos":
      return screen(
        <div className="grid gap-3">
          <p className="text-sm text-muted">{t("wizard.photos.hint")}</p>
          <label className="btn-ghost w-fit cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary">
            {t("wizard.photos.add")}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="sr-only"
              onChange={(e) => void addPhotos(e.target.files)}
              disabled={busy}
            />
          </label>
          {d.photos.length > 0 && (
            <ul className="grid grid-cols-3 gap-2" aria-label={t("wizard.photos.count", { count: d.photos.length })}>
              {d.photos.map((url, i) => (
                <li key={url} className="relative aspect-square overflow-hidden rounded-lg bg-surface-2">
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={url} alt={t("wizard.photos.alt", { n: i + 1 })} className="h-full w-full object-cover" />
                  {i === 0 && <span className="absolute bottom-1 left-1 rounded bg-bg/80 px-1 text-xs text-primary">{t("wizard.photos.cover")}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>,
      );
    case "about":
      return screen(
        <div className="grid gap-4">
          <TextArea
            label={t("wizard.about.description")}
            hint={t("wizard.about.descriptionHint")}
            value={d.description}
            onChange={(e) => set({ description: e.target.value })}
            maxLength={1200}
            error={fields.description}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t("wizard.about.amenities")}</legend>
            <AmenityChoices value={d.amenities} onChange={(amenities) => set({ amenities })} label={(a) => t(`amenities.${a}`)} />
          </fieldset>
        </div>,
      );
    case "hours":
      return screen(
        <div className="grid gap-2">
          <p className="text-sm text-muted">{t("wizard.hours.hint")}</p>
          {[1, 2, 3, 4, 5, 6, 0].map((w) => {
            const h = d.days[w];
            const day = t(`weekdays.${w}`);
            const change = (patch: Partial<DayHours>) => set({ days: d.days.map((x, i) => (i === w ? { ...x, ...patch } : x)) });
            return (
              <fieldset key={w} className="grid grid-cols-[1fr_auto] items-center gap-2 border-b border-line py-2">
                <legend className="sr-only">{day}</legend>
                <label className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 accent-[var(--color-primary)]"
                    checked={h.open}
                    onChange={(e) => change({ open: e.target.checked })}
                  />
                  <span>{day}</span>
                </label>
                {h.open ? (
                  <span className="flex items-center gap-1">
                    <input
                      type="time"
                      step={300}
                      className="input w-28"
                      aria-label={`${day}: ${t("wizard.hours.opens")}`}
                      value={h.opens}
                      onChange={(e) => change({ opens: e.target.value })}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      step={300}
                      className="input w-28"
                      aria-label={`${day}: ${t("wizard.hours.closes")}`}
                      value={h.closes}
                      onChange={(e) => change({ closes: e.target.value })}
                    />
                  </span>
                ) : (
                  <span className="text-sm text-muted">{t("wizard.hours.closed")}</span>
                )}
              </fieldset>
            );
          })}
        </div>,
      );
    case "services":
      return screen(
        <div className="grid gap-3">
          <p className="text-sm text-muted">{t("wizard.services.hint")}</p>
          <ul className="grid gap-2">
            {d.services.map((s, i) => {
              const change = (patch: Partial<ServiceRow>) => set({ services: d.services.map((x, k) => (k === i ? { ...x, ...patch } : x)) });
              return (
                <li key={`${s.key}-${i}`} className={`card grid gap-2 p-3 ${s.on ? "border-primary/60" : ""}`} data-service={s.name}>
                  {s.key.startsWith("custom") ? (
                    <div className="flex items-end gap-2">
                      <input
                        type="checkbox"
                        className="mb-3 size-5 accent-[var(--color-primary)]"
                        checked={s.on}
                        onChange={(e) => change({ on: e.target.checked })}
                        aria-label={s.name || t("wizard.services.newName")}
                      />
                      <TextField
                        label={t("wizard.services.newName")}
                        value={s.name}
                        onChange={(e) => change({ name: e.target.value })}
                        className="flex-1"
                        error={fields[`services.${i}.name`]}
                      />
                    </div>
                  ) : (
                    <label className="flex min-h-11 items-center gap-3 font-medium">
                      <input
                        type="checkbox"
                        className="size-5 accent-[var(--color-primary)]"
                        checked={s.on}
                        onChange={(e) => change({ on: e.target.checked })}
                      />
                      {s.name}
                    </label>
                  )}
                  {s.on && (
                    <div className="grid grid-cols-2 gap-2">
                      <TextField
                        label={t("wizard.services.duration")}
                        value={s.duration}
                        onChange={(e) => change({ duration: e.target.value.replace(/\D/g, "") })}
                        inputMode="numeric"
                      />
                      <TextField
                        label={t("wizard.services.price")}
                        value={s.price}
                        onChange={(e) => change({ price: e.target.value.replace(/[^\d,.]/g, "") })}
                        inputMode="decimal"
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn-ghost w-fit"
            onClick={() => set({ services: [...d.services, { key: `custom-${d.services.length}`, name: "", on: true, duration: "30", price: "" }] })}
          >
            {t("wizard.services.add")}
          </button>
          <label className="flex min-h-11 items-center gap-3 font-medium">
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={ownerIsBarber}
              onChange={(e) => set({ ownerIsBarber: e.target.checked })}
              aria-describedby="owner-barber-hint"
            />
            {t("wizard.services.ownerIsBarber")}
          </label>
          <p id="owner-barber-hint" className="text-sm text-muted">
            {t(ownerIsBarber ? "wizard.services.you" : "wizard.services.notYou")}
          </p>
        </div>,
      );
    case "preview":
      return screen(
        <div className="grid gap-4">
          {!ownerIsBarber && <p className="card border-primary/60 p-3 text-sm">{t("wizard.preview.inviteFirst")}</p>}
          {profile ? (
            <ShopPreview profile={profile} services={servicesOf(d)} hours={hoursOf(d)} />
          ) : (
            <div className="h-64 animate-pulse rounded-lg bg-surface-2" aria-hidden="true" />
          )}
        </div>,
        { submit: ownerIsBarber ? t("wizard.preview.publish") : t("wizard.preview.invite") },
      );
    case "done":
      return screen(
        <div className="grid gap-4">
          <p>{t("wizard.done.body")}</p>
          {d.whatsapp && <p className="text-sm text-muted">WhatsApp {formatPhoneBr(d.whatsapp)}</p>}
          <div className="flex flex-wrap gap-3">
            <Link href={`/barbearia/${d.slug}`} className="btn-primary">
              {t("wizard.done.openPage")}
            </Link>
            <Link
              href={`/painel/${d.shopId}`}
              className="btn-ghost"
              onClick={() => {
                if (user) localStorage.removeItem(draftKey(user.id));
              }}
            >
              {t("wizard.done.openConsole")}
            </Link>
          </div>
        </div>,
      );
  }
}
