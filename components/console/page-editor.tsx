"use client";
import { useT } from "next-i18next/client";
import { useState, type FormEvent } from "react";
import { PinMap, type MapTiles } from "@/components/map/pin-map";
import { LoadingBlock } from "@/components/ui/skeleton";
import { AMENITIES, type TShopProfile, type TShopProfileAnswer } from "@/lib/contract/onboarding";
import { formatPhoneBr } from "@/lib/contract/common";
import { call } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { geocodeAddress, lookupCep, patchProfile, uploadShopPhoto } from "@/lib/api/console";
import { useApi } from "@/lib/api/swr";
import { maskPhoneBr } from "@/lib/text/phone-mask";
import { AmenityChoices, serverErrors, TextArea, TextField } from "./fields";
import { useConsoleShop } from "./shop-context";

type Form = {
  name: string;
  zip_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  whatsapp: string;
  phone: string;
  instagram: string;
  description: string;
  description_en: string;
  description_es: string;
  amenities: string[];
  photos: string[];
};

/** "Rua X, 12 - Sala 3" → street, number, complement (as the wizard composed it). */
function splitAddress(address: string) {
  const m = /^(.*?),\s*([^,-]+?)(?:\s+-\s+(.*))?$/.exec(address);
  return m ? { street: m[1], number: m[2], complement: m[3] ?? "" } : { street: address, number: "", complement: "" };
}

function formOf(p: TShopProfile): Form {
  return {
    name: p.name,
    zip_code: p.zip_code,
    ...splitAddress(p.address),
    neighborhood: p.neighborhood,
    city: p.city,
    state: p.state,
    latitude: p.latitude,
    longitude: p.longitude,
    whatsapp: formatPhoneBr(p.whatsapp),
    phone: formatPhoneBr(p.phone),
    instagram: p.instagram ?? "",
    description: p.description,
    description_en: p.description_en,
    description_es: p.description_es,
    amenities: p.amenities,
    photos: p.photos,
  };
}

/** The owner's editor of the shop's public page: name, address and pin, contacts, descriptions, amenities, photos. */
export function PageEditor({ tiles }: { tiles: MapTiles }) {
  const { t } = useT("console");
  const { shop } = useConsoleShop();
  const { data, mutate } = useApi<TShopProfileAnswer>(`/staff/shops/${shop.shop.id}/profile`);
  if (shop.me.permissions["shop.profile"] === null) return <p className="card p-6 text-muted">{t("editor.ownerOnly")}</p>;
  if (!data) return <LoadingBlock label={t("loading")} rows={4} />;
  return <EditorForm tiles={tiles} initial={data.profile} onSaved={(saved) => void mutate(saved, { revalidate: false })} />;
}

function EditorForm({ tiles, initial, onSaved }: { tiles: MapTiles; initial: TShopProfile; onSaved: (saved: TShopProfileAnswer) => void }) {
  const { t } = useT("console");
  const { shop, reload } = useConsoleShop();
  const id = shop.shop.id;
  const [form, setForm] = useState<Form | null>(() => formOf(initial));
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [note, setNote] = useState("");
  if (!form) return null;
  const set = (patch: Partial<Form>) => setForm((f) => f && { ...f, ...patch });

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!form) return;
    setBusy(true);
    setFields({});
    setError("");
    const saved = await call(
      () =>
        patchProfile(id, {
          name: form.name,
          address: {
            zip_code: form.zip_code,
            street: form.street,
            number: form.number,
            complement: form.complement || undefined,
            neighborhood: form.neighborhood,
            city: form.city,
            state: form.state,
            latitude: form.latitude,
            longitude: form.longitude,
          },
          whatsapp: form.whatsapp,
          phone: form.phone,
          instagram: form.instagram,
          description: form.description,
          description_en: form.description_en,
          description_es: form.description_es,
          amenities: form.amenities as (typeof AMENITIES)[number][],
          photos: form.photos,
        }).then((data) => ({ data })),
      {
        t,
        successKey: "editor.saved",
        onError: (message, err) => {
          const s = serverErrors(err);
          setFields(Object.fromEntries(Object.entries(s.fields).map(([k, v]) => [k.replace(/^address\./, ""), v])));
          setError(message);
        },
      },
    );
    setBusy(false);
    if (saved) {
      onSaved(saved);
      setForm(formOf(saved.profile));
      await reload();
    }
  }

  async function findCep() {
    if (!form) return;
    try {
      const a = await lookupCep(form.zip_code);
      set({ zip_code: a.zip_code, street: a.street || form.street, neighborhood: a.neighborhood || form.neighborhood, city: a.city, state: a.state });
      setNote(t("wizard.cep.found"));
    } catch (err) {
      setNote(errorMessage(err));
    }
  }

  async function locate() {
    if (!form) return;
    setNote(t("wizard.pin.searching"));
    try {
      const found = await geocodeAddress(`${form.street}, ${form.number}, ${form.neighborhood}, ${form.city}, ${form.state}`);
      if (found.items[0]) {
        set({ latitude: found.items[0].latitude, longitude: found.items[0].longitude });
        setNote("");
      } else setNote(t("wizard.pin.notFound"));
    } catch (err) {
      setNote(errorMessage(err));
    }
  }

  async function addPhotos(files: FileList | null) {
    if (!files?.length) return;
    for (const file of Array.from(files)) {
      try {
        const r = await uploadShopPhoto(id, file);
        set({ photos: r.photos });
      } catch (err) {
        setError(errorMessage(err));
      }
    }
  }

  const section = "card grid gap-4 p-4";
  return (
    <form onSubmit={save} noValidate className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{t("editor.title")}</h1>
        <p className="mt-1 text-muted">{t("editor.subtitle")}</p>
      </div>
      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("editor.identity")}</legend>
        <TextField label={t("wizard.name.label")} value={form.name} onChange={(e) => set({ name: e.target.value })} error={fields.name} maxLength={80} />
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("editor.address")}</legend>
        <div className="flex items-end gap-2">
          <TextField
            label={t("wizard.cep.label")}
            value={form.zip_code}
            onChange={(e) => set({ zip_code: e.target.value })}
            inputMode="numeric"
            className="flex-1"
            error={fields.zip_code}
          />
          <button type="button" className="btn-ghost" onClick={() => void findCep()}>
            {t("editor.lookup")}
          </button>
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_7rem]">
          <TextField label={t("wizard.cep.street")} value={form.street} onChange={(e) => set({ street: e.target.value })} error={fields.street} />
          <TextField label={t("wizard.number.number")} value={form.number} onChange={(e) => set({ number: e.target.value })} error={fields.number} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("wizard.number.complement")} value={form.complement} onChange={(e) => set({ complement: e.target.value })} />
          <TextField
            label={t("wizard.cep.neighborhood")}
            value={form.neighborhood}
            onChange={(e) => set({ neighborhood: e.target.value })}
            error={fields.neighborhood}
          />
          <TextField label={t("wizard.cep.city")} value={form.city} onChange={(e) => set({ city: e.target.value })} error={fields.city} />
          <TextField
            label={t("wizard.cep.state")}
            value={form.state}
            onChange={(e) => set({ state: e.target.value.toUpperCase().slice(0, 2) })}
            error={fields.state}
          />
        </div>
        <button type="button" className="btn-ghost w-fit" onClick={() => void locate()}>
          {t("editor.locate")}
        </button>
        <PinMap
          tiles={tiles}
          value={{ latitude: form.latitude, longitude: form.longitude }}
          onChange={(at) => set(at)}
          labels={{
            map: t("wizard.pin.map"),
            pin: t("wizard.pin.pin"),
            north: t("wizard.pin.north"),
            south: t("wizard.pin.south"),
            east: t("wizard.pin.east"),
            west: t("wizard.pin.west"),
          }}
        />
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("editor.contacts")}</legend>
        <TextField
          label={t("wizard.contacts.whatsapp")}
          value={form.whatsapp}
          onChange={(e) => set({ whatsapp: maskPhoneBr(e.target.value) })}
          inputMode="tel"
          error={fields.whatsapp}
        />
        <TextField
          label={t("wizard.contacts.phone")}
          value={form.phone}
          onChange={(e) => set({ phone: maskPhoneBr(e.target.value) })}
          inputMode="tel"
          error={fields.phone}
        />
        <TextField
          label={t("editor.instagram")}
          value={form.instagram}
          onChange={(e) => set({ instagram: e.target.value })}
          placeholder="@barbearia"
          error={fields.instagram}
        />
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("editor.description")}</legend>
        <TextArea
          label={t("editor.descriptionPt")}
          value={form.description}
          onChange={(e) => set({ description: e.target.value })}
          maxLength={1200}
          error={fields.description}
          lang="pt-BR"
        />
        <TextArea
          label={t("editor.descriptionEn")}
          value={form.description_en}
          onChange={(e) => set({ description_en: e.target.value })}
          maxLength={1200}
          error={fields.description_en}
          lang="en"
        />
        <TextArea
          label={t("editor.descriptionEs")}
          value={form.description_es}
          onChange={(e) => set({ description_es: e.target.value })}
          maxLength={1200}
          error={fields.description_es}
          lang="es"
        />
        <div>
          <p className="mb-2 text-sm font-medium">{t("wizard.about.amenities")}</p>
          <AmenityChoices value={form.amenities} onChange={(amenities) => set({ amenities })} label={(a) => t(`amenities.${a}`)} />
        </div>
      </fieldset>
      <fieldset className={section}>
        <legend className="px-1 font-semibold">{t("editor.photos")}</legend>
        <p className="text-sm text-muted">{t("wizard.photos.hint")}</p>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {form.photos.map((url, i) => (
            <li key={url} className="grid gap-1">
              <div className="relative aspect-video overflow-hidden rounded-lg bg-surface-2">
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={url} alt={t("wizard.photos.alt", { n: i + 1 })} className="h-full w-full object-cover" />
                {i === 0 && <span className="absolute bottom-1 left-1 rounded bg-bg/80 px-1 text-xs text-primary">{t("wizard.photos.cover")}</span>}
              </div>
              <div className="flex gap-1">
                {i > 0 && (
                  <button type="button" className="btn-ghost px-3 text-xs" onClick={() => set({ photos: [url, ...form.photos.filter((p) => p !== url)] })}>
                    {t("editor.makeCover")}
                  </button>
                )}
                <button
                  type="button"
                  className="btn-ghost px-3 text-xs"
                  aria-label={`${t("editor.removePhoto")} ${i + 1}`}
                  onClick={() => set({ photos: form.photos.filter((p) => p !== url) })}
                >
                  {t("editor.removePhoto")}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <label className="btn-ghost w-fit cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary">
          {t("wizard.photos.add")}
          <input type="file" accept="image/jpeg,image/png,image/webp" multiple className="sr-only" onChange={(e) => void addPhotos(e.target.files)} />
        </label>
      </fieldset>
      <p role="status" className="min-h-5 text-sm text-muted">
        {note}
      </p>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="sticky bottom-16 z-10 md:bottom-4">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
          {busy ? t("wizard.saving") : t("editor.save")}
        </button>
      </div>
    </form>
  );
}
