"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useT } from "next-i18next/client";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/lib/browser/toast";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { createAddress, deleteAddress, updateAddress } from "@/lib/api/addresses";
import { useAddresses } from "@/lib/api/data";
import { call } from "@/lib/api/client";
import { type TAddress, type TAddressInput, ZAddressInput } from "@/lib/contract/account";
import { type SavedAddress, writeSavedAddress } from "@/components/search/saved-address";
import { Field } from "./field";
import { resolverOptions } from "./form-errors";
import { useRequireSession } from "./use-require-session";
import { LoadingBlock } from "@/components/ui/skeleton";

const EMPTY: TAddressInput = {
  label: "",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  zip_code: "",
  latitude: null,
  longitude: null,
};

export function saveAddressForSearch(address: TAddress, fallbackLabel: string): boolean {
  if (address.latitude == null || address.longitude == null) return false;
  const saved: SavedAddress = {
    label: address.label || `${address.street}, ${address.number}`.trim() || fallbackLabel,
    latitude: address.latitude,
    longitude: address.longitude,
  };
  writeSavedAddress(saved);
  return true;
}

function AddressForm({ initial, onDone }: { initial?: TAddress; onDone: () => void }) {
  const { t } = useT("account");
  const [locating, setLocating] = useState(false);
  const { register, handleSubmit, formState, setValue, control } = useForm<TAddressInput>({
    resolver: zodResolver(ZAddressInput, resolverOptions),
    defaultValues: initial ? { ...initial, complement: initial.complement ?? "" } : EMPTY,
  });
  // useWatch, not watch(): the React Compiler can memoize this component (watch() opts it out).
  const [lat, lng] = useWatch({ control, name: ["latitude", "longitude"] });

  const onSubmit = handleSubmit(async (values) => {
    const run = () => (initial ? updateAddress(initial.id, values) : createAddress(values));
    const answer = await call(run, { t, errorKey: "SAVE_ADDRESS_ERROR", successKey: "addresses.saved" });
    if (answer) onDone();
  });

  function locate() {
    if (!navigator.geolocation) return toast.error(t("addresses.locationError"));
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setValue("latitude", Number(pos.coords.latitude.toFixed(6)));
        setValue("longitude", Number(pos.coords.longitude.toFixed(6)));
        setLocating(false);
      },
      () => {
        setLocating(false);
        toast.error(t("addresses.locationError"));
      },
      { timeout: 10_000 },
    );
  }

  const err = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="card space-y-4 p-5" aria-label={initial ? t("addresses.editTitle") : t("addresses.newTitle")}>
      <h2 className="text-lg font-semibold">{initial ? t("addresses.editTitle") : t("addresses.newTitle")}</h2>
      <Field label={t("fields.label")} error={err.label?.message} {...register("label")} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label={t("fields.street")} autoComplete="address-line1" error={err.street?.message} {...register("street")} />
        <Field label={t("fields.number")} error={err.number?.message} {...register("number")} />
      </div>
      <Field label={t("fields.complement")} autoComplete="address-line2" error={err.complement?.message} {...register("complement")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("fields.neighborhood")} error={err.neighborhood?.message} {...register("neighborhood")} />
        <Field label={t("fields.zipCode")} autoComplete="postal-code" inputMode="numeric" error={err.zip_code?.message} {...register("zip_code")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label={t("fields.city")} autoComplete="address-level2" error={err.city?.message} {...register("city")} />
        <Field label={t("fields.state")} autoComplete="address-level1" error={err.state?.message} {...register("state")} />
      </div>
      <div>
        <button type="button" className="btn-ghost" onClick={locate} disabled={locating}>
          {locating ? t("addresses.locating") : t("addresses.useMyLocation")}
        </button>
        {lat != null && lng != null && (
          <p role="status" className="mt-2 text-xs text-muted">
            {t("addresses.locationSet", { latitude: lat, longitude: lng })}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-ghost" onClick={onDone}>
          {t("addresses.cancel")}
        </button>
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
          {t("addresses.save")}
        </button>
      </div>
    </form>
  );
}

export function AddressesManager() {
  const { t } = useT("account");
  const session = useRequireSession();
  const { data, error, isLoading, mutate } = useAddresses(session.token);
  const [editing, setEditing] = useState<TAddress | "new" | null>(null);
  const { confirm, dialog } = useConfirm();

  async function chooseForSearch(address: TAddress) {
    const answer = await call(() => updateAddress(address.id, { ...address, is_default: true }), { t, errorKey: "SAVE_ADDRESS_ERROR" });
    if (!answer) return;
    if (saveAddressForSearch(answer.address, t("addresses.untitled")))
      toast.success(t("addresses.savedForSearch", { label: answer.address.label || answer.address.street }));
    void mutate();
  }

  async function remove(address: TAddress) {
    if (!(await confirm({ title: t("addresses.deleteConfirm"), description: `${address.street}, ${address.number}`, destructive: true }))) return;
    const done = await call(() => deleteAddress(address.id), { t, errorKey: "DELETE_ADDRESS_ERROR", successKey: "addresses.deleted" });
    if (done !== undefined) void mutate();
  }

  if (editing) {
    return (
      <AddressForm
        initial={editing === "new" ? undefined : editing}
        onDone={() => {
          setEditing(null);
          void mutate();
        }}
      />
    );
  }

  return (
    <div className="space-y-4">
      {dialog}
      <button type="button" className="btn-primary" onClick={() => setEditing("new")}>
        {t("addresses.add")}
      </button>
      {(isLoading || !session.token) && <LoadingBlock label={t("session.loading")} rows={2} />}
      {error && (
        <p role="alert" className="text-danger">
          {t("errors:LOAD_ADDRESSES_ERROR")}
        </p>
      )}
      {data && data.items.length === 0 && <p className="card p-6 text-center text-muted">{t("addresses.empty")}</p>}
      <ul className="space-y-3">
        {data?.items.map((a) => (
          <li key={a.id} className="card p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold">
                  {a.label || t("addresses.untitled")}
                  {a.is_default && (
                    <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-ink">{t("addresses.default")}</span>
                  )}
                </p>
                <p className="text-sm text-muted">
                  {[`${a.street}${a.number ? `, ${a.number}` : ""}`, a.complement, a.neighborhood, `${a.city} - ${a.state}`].filter(Boolean).join(" · ")}
                  {/* A CEP is read whole: it does not break at its hyphen. */}
                  {a.zip_code && (
                    <>
                      {" · "}
                      <span className="whitespace-nowrap">{a.zip_code}</span>
                    </>
                  )}
                </p>
                {a.latitude == null && <p className="mt-1 text-xs text-muted">{t("addresses.noLocation")}</p>}
              </div>
            </div>
            <div className="mt-3 flex flex-wrap gap-2">
              {a.latitude != null && (
                <button type="button" className="btn-ghost" onClick={() => chooseForSearch(a)}>
                  {t("addresses.useForSearch")}
                </button>
              )}
              <button type="button" className="btn-ghost" onClick={() => setEditing(a)}>
                {t("addresses.edit")}
              </button>
              <button type="button" className="btn-ghost hover:border-danger hover:text-danger" onClick={() => remove(a)}>
                {t("addresses.delete")}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
