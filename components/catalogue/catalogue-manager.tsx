"use client";
import { useT } from "next-i18next/client";
import { useId, useState } from "react";
import { useCheckedSave } from "@/components/hours/save-with-check";
import { ConsoleStates } from "@/components/team/console-states";
import { InTheWay } from "@/components/team/in-the-way";
import { useConsoleShop } from "@/components/team/use-console-shop";
import { SERVICE_CATEGORIES, type TServiceInput } from "@/lib/contract/catalogue";
import { errorMessage } from "@/lib/api/errors";
import {
  createProduct,
  createService,
  deleteProduct,
  deleteService,
  type TBarberProfile,
  type TStaffService,
  updateService,
  useBarbers,
  useProducts,
  useServices,
} from "@/lib/api/team";

/** "54.90" as the page's language writes reais: "R$ 54,90". */
const reais = (price: string, lng: string) => new Intl.NumberFormat(lng, { style: "currency", currency: "BRL" }).format(Number(price));

const money = (s: string) => {
  const n = Number(s.replace(",", "."));
  return Number.isFinite(n) ? n.toFixed(2) : s;
};

function Message({ message }: { message: { ok: boolean; text: string } | null }) {
  const { t } = useT("catalogue");
  if (!message) return null;
  return (
    <p role={message.ok ? "status" : "alert"} className={message.ok ? "text-success" : "text-danger"}>
      {message.ok ? t("saved") : message.text}
    </p>
  );
}

type Draft = {
  name: string;
  description: string;
  description_en: string;
  description_es: string;
  duration: string;
  price: string;
  category: string;
  sort_order: string;
  barber_ids: number[];
};
const draftOf = (s?: TStaffService): Draft => ({
  name: s?.name ?? "",
  description: s?.description ?? "",
  description_en: s?.description_en ?? "",
  description_es: s?.description_es ?? "",
  duration: String(s?.duration_minutes ?? 30),
  price: s?.price ?? "",
  category: s?.category ?? "hair",
  sort_order: String(s?.sort_order ?? 0),
  barber_ids: s?.barber_ids ?? [],
});
const inputOf = (d: Draft): TServiceInput => ({
  name: d.name,
  description: d.description,
  description_en: d.description_en || null,
  description_es: d.description_es || null,
  duration_minutes: Number(d.duration),
  price: money(d.price),
  category: d.category as TServiceInput["category"],
  sort_order: Number(d.sort_order) || 0,
  barber_ids: d.barber_ids,
});

function ServiceForm({ shopId, service, barbers, onDone }: { shopId: string; service?: TStaffService; barbers: TBarberProfile[]; onDone: () => void }) {
  const { t } = useT("catalogue");
  const id = useId();
  const [d, setD] = useState<Draft>(draftOf(service));
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const save = useCheckedSave(
    (confirm) => (service ? updateService(shopId, service.id, inputOf(d), confirm) : createService(shopId, inputOf(d))),
    () => {
      if (!service) setD(draftOf());
      onDone();
    },
  );
  const text = (key: keyof Draft, label: string, more: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={`${id}-${key}`} className="input" value={d[key] as string} onChange={(e) => set({ [key]: e.target.value } as Partial<Draft>)} {...more} />
    </div>
  );
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void save.run();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text("name", t("service.name"), { required: true, minLength: 2, maxLength: 80 })}
        <div>
          <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium">
            {t("service.category")}
          </label>
          <select id={`${id}-category`} className="input" value={d.category} onChange={(e) => set({ category: e.target.value })}>
            {SERVICE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        {text("duration", t("service.duration"), { type: "number", min: 5, max: 600, step: 5, required: true })}
        {text("price", t("service.price"), { inputMode: "decimal", required: true, placeholder: "45,00" })}
        {text("sort_order", t("service.order"), { type: "number", min: 0, max: 10000 })}
      </div>
      {text("description", t("service.description"), { maxLength: 500 })}
      <div className="grid gap-3 sm:grid-cols-2">
        {text("description_en", t("service.descriptionEn"), { maxLength: 500, lang: "en" })}
        {text("description_es", t("service.descriptionEs"), { maxLength: 500, lang: "es" })}
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("service.barbers")}</legend>
        <div className="flex flex-wrap gap-x-4">
          {barbers.map((b) => (
            <label key={b.id} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={d.barber_ids.includes(b.id)}
                onChange={(e) => set({ barber_ids: e.target.checked ? [...d.barber_ids, b.id] : d.barber_ids.filter((x) => x !== b.id) })}
              />
              {b.name}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn-primary justify-self-start" disabled={save.busy}>
        {service ? t("save") : t("service.add")}
      </button>
      {save.inTheWay && <InTheWay bookings={save.inTheWay} onKeep={() => void save.run(true)} onCancel={save.dismiss} busy={save.busy} />}
      <Message message={save.message} />
    </form>
  );
}

function ServiceRow({
  shopId,
  service,
  barbers,
  canEdit,
  onChanged,
}: {
  shopId: string;
  service: TStaffService;
  barbers: TBarberProfile[];
  canEdit: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useT("catalogue");
  const [open, setOpen] = useState(false);
  const remove = useCheckedSave((confirm) => deleteService(shopId, service.id, confirm), onChanged);
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{service.name}</p>
          <p className="text-sm text-muted">
            {t("service.line", {
              minutes: service.duration_minutes,
              price: reais(service.price, i18n.language),
              category: t(`categories.${service.category}`),
            })}
          </p>
        </div>
        {canEdit && (
          <div className="flex gap-2">
            <button type="button" className="btn-ghost" onClick={() => setOpen(!open)} aria-expanded={open}>
              {t("edit")}
            </button>
            <button
              type="button"
              className="btn-ghost"
              onClick={() => void remove.run()}
              disabled={remove.busy}
              aria-label={t("service.removeNamed", { name: service.name })}
            >
              {t("remove")}
            </button>
          </div>
        )}
      </div>
      {remove.inTheWay && <InTheWay bookings={remove.inTheWay} onKeep={() => void remove.run(true)} onCancel={remove.dismiss} busy={remove.busy} />}
      {remove.message && !remove.message.ok && <Message message={remove.message} />}
      {open && (
        <div className="mt-4">
          <ServiceForm shopId={shopId} service={service} barbers={barbers} onDone={onChanged} />
        </div>
      )}
    </li>
  );
}

function Products({ shopId, canEdit }: { shopId: string; canEdit: boolean }) {
  const { t, i18n } = useT("catalogue");
  const id = useId();
  const products = useProducts(shopId);
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  async function add(e: React.FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      await createProduct(shopId, { name, price: money(price) });
      setName("");
      setPrice("");
      setMessage({ ok: true, text: "" });
      void products.mutate();
    } catch (err) {
      setMessage({ ok: false, text: errorMessage(err) });
    }
  }
  return (
    <section className="card grid gap-3 p-4" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="text-lg font-semibold">
        {t("products.title")}
      </h2>
      {products.data?.items.length === 0 && <p className="text-sm text-muted">{t("products.none")}</p>}
      <ul className="grid gap-2 text-sm">
        {(products.data?.items ?? []).map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface-2 p-3">
            <span>
              {p.name} · {reais(p.price, i18n.language)}
            </span>
            {canEdit && (
              <button
                type="button"
                className="btn-ghost"
                onClick={() => void deleteProduct(shopId, p.id).then(() => products.mutate())}
                aria-label={t("products.removeNamed", { name: p.name })}
              >
                {t("remove")}
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <form className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end" onSubmit={add}>
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
              {t("products.name")}
            </label>
            <input id={`${id}-name`} className="input" value={name} onChange={(e) => setName(e.target.value)} required minLength={2} maxLength={80} />
          </div>
          <div>
            <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-medium">
              {t("products.price")}
            </label>
            <input
              id={`${id}-price`}
              className="input"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
              required
              placeholder="25,00"
            />
          </div>
          <button type="submit" className="btn-primary">
            {t("products.add")}
          </button>
        </form>
      )}
      <Message message={message} />
    </section>
  );
}

/** The shop's services (the order clients see them in) and add-on products. */
export function CatalogueManager({ shopId }: { shopId: string }) {
  const { t } = useT("catalogue");
  const shop = useConsoleShop(shopId);
  const ready = shop.data ? shopId : null;
  const services = useServices(ready);
  const barbers = useBarbers(ready);
  if (!shop.data || !services.data)
    return (
      <ConsoleStates
        isLoading={shop.isLoading || services.isLoading || !shop.error}
        error={shop.error ?? services.error}
        retry={() => (shop.error ? shop.mutate() : services.mutate())}
      />
    );
  const canEdit = shop.permissions?.["services.manage"] === "all";
  const team = barbers.data?.items ?? [];
  const refresh = () => void services.mutate();
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="services-title">
        <h2 id="services-title" className="mb-3 text-lg font-semibold">
          {t("service.title")}
        </h2>
        {services.data.items.length === 0 && <p className="card p-6 text-center text-muted">{t("service.none")}</p>}
        <ul className="grid gap-3">
          {services.data.items.map((s) => (
            <ServiceRow key={s.id} shopId={shopId} service={s} barbers={team} canEdit={canEdit} onChanged={refresh} />
          ))}
        </ul>
      </section>
      {canEdit && (
        <section className="card p-4" aria-labelledby="service-new">
          <h2 id="service-new" className="mb-3 text-lg font-semibold">
            {t("service.new")}
          </h2>
          <ServiceForm shopId={shopId} barbers={team} onDone={refresh} />
        </section>
      )}
      <Products shopId={shopId} canEdit={canEdit} />
    </div>
  );
}
