"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useT } from "next-i18next/client";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "@/lib/browser/toast";
import { mutate } from "swr";
import { changePassword, confirmPhoneChange, updateUserData, uploadAvatar } from "@/lib/api/account";
import { call } from "@/lib/api/client";
import { errorMessage } from "@/lib/api/errors";
import { saveSession, updateSessionUser } from "@/lib/api/session";
import { type TChangePassword, type TConfirmPhone, type TUpdateUserData, ZChangePassword, ZConfirmPhone, ZUpdateUserData } from "@/lib/contract/account";
import { formatPhoneBr, phoneToE164 } from "@/lib/contract/common";
import type { TUser } from "@/lib/contract/users";
import { Avatar } from "@/components/ui/avatar";
import { CodeDeliveryNotice } from "@/components/code-delivery/code-delivery-notice";
import { currentPasswordProps, Field, PhoneField } from "./field";
import { resolverOptions } from "./form-errors";

export function ProfileDataForm({ user }: { user: TUser }) {
  const { t } = useT("account");
  const { register, handleSubmit, formState, reset, control } = useForm<TUpdateUserData>({
    resolver: zodResolver(ZUpdateUserData, resolverOptions),
    defaultValues: { name: user.name, phone: formatPhoneBr(user.phone), birth_date: user.birth_date ?? undefined },
  });
  useEffect(() => reset({ name: user.name, phone: formatPhoneBr(user.phone), birth_date: user.birth_date ?? undefined, current_password: "" }), [user, reset]);
  const phone = register("phone");
  // A new phone needs the password, then a code sent to it; until then the account keeps the old one.
  const typedPhone = useWatch({ control, name: "phone" }) ?? "";
  const phoneChanged = typedPhone.length >= 14 && phoneToE164(typedPhone) !== user.phone;
  const [pendingPhone, setPendingPhone] = useState<string | null>(null);
  const [deliveryId, setDeliveryId] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    const { current_password, ...data } = values;
    const body = { ...data, birth_date: data.birth_date || null, ...(phoneChanged ? { current_password } : {}) };
    const answer = await call(() => updateUserData(body), {
      t,
      errorKey: "SAVE_DATA_ERROR",
      successKey: "common:success.dataUpdated",
    });
    if (!answer) return;
    setPendingPhone(answer.pending_phone ?? null);
    setDeliveryId(answer.delivery_id ?? null);
    updateSessionUser(answer.user);
    void mutate("/user-data", { user: answer.user }, { revalidate: false });
  });

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field label={t("fields.name")} autoComplete="name" error={formState.errors.name?.message} {...register("name")} />
        <PhoneField label={t("fields.phone")} error={formState.errors.phone?.message} {...phone} />
        {phoneChanged && (
          <Field
            {...currentPasswordProps(t)}
            hint={t("profile.phoneNeedsPassword")}
            error={formState.errors.current_password?.message}
            {...register("current_password")}
          />
        )}
        <Field
          label={t("fields.birthDate")}
          type="date"
          autoComplete="bday"
          error={formState.errors.birth_date?.message}
          {...register("birth_date", { setValueAs: (v: string) => v || undefined })}
        />
        <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
          {t("profile.save")}
        </button>
      </form>
      {pendingPhone && (
        <ConfirmPhoneForm key={deliveryId ?? ""} phone={pendingPhone} current={user.phone} deliveryId={deliveryId} onDone={() => setPendingPhone(null)} />
      )}
    </div>
  );
}

function ConfirmPhoneForm({ phone, current, deliveryId, onDone }: { phone: string; current: string | null; deliveryId: string | null; onDone: () => void }) {
  const { t } = useT("account");
  const { t: delivery } = useT("code-delivery");
  const { register, handleSubmit, formState } = useForm<TConfirmPhone>({ resolver: zodResolver(ZConfirmPhone, resolverOptions), defaultValues: { code: "" } });
  const onSubmit = handleSubmit(async (values) => {
    const answer = await call(() => confirmPhoneChange(values), { t, errorKey: "SAVE_DATA_ERROR", successKey: "profile.phoneConfirmed" });
    if (!answer) return;
    updateSessionUser(answer.user);
    void mutate("/user-data", answer, { revalidate: false });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-lg border border-primary/60 bg-primary/10 p-3">
      <p role="status" className="text-sm">
        {t("profile.codeSent", { phone: formatPhoneBr(phone), current: formatPhoneBr(current) })}
      </p>
      <Field
        label={t("profile.code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={formState.errors.code?.message}
        {...register("code")}
      />
      <CodeDeliveryNotice deliveryId={deliveryId} t={delivery} />
      <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
        {t("profile.confirmPhone")}
      </button>
    </form>
  );
}

export function ChangePasswordForm() {
  const { t } = useT("account");
  const { register, handleSubmit, formState, reset } = useForm<TChangePassword>({
    resolver: zodResolver(ZChangePassword, resolverOptions),
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    const answer = await call(() => changePassword(values), { t, errorKey: "UPDATE_PASSWORD_ERROR", successKey: "common:success.passwordUpdated" });
    if (!answer) return;
    saveSession(answer.token, answer.user);
    void mutate("/user-data", { user: answer.user }, { revalidate: false });
    reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted">{t("profile.passwordHint")}</p>
      <Field {...currentPasswordProps(t)} error={formState.errors.current_password?.message} {...register("current_password")} />
      <Field label={t("fields.newPassword")} type="password" autoComplete="new-password" error={formState.errors.password?.message} {...register("password")} />
      <Field
        label={t("fields.passwordConfirmation")}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password_confirmation?.message}
        {...register("password_confirmation")}
      />
      <button type="submit" className="btn-primary" disabled={formState.isSubmitting}>
        {t("profile.passwordSubmit")}
      </button>
    </form>
  );
}

const MAX_BYTES = 5 * 1024 * 1024;

export function AvatarUpload({ user }: { user: TUser }) {
  const { t } = useT("account");
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    if (file.size > MAX_BYTES) {
      toast.error(t("errors:CHANGE_PHOTO_ERROR"), { description: t("errors:IMAGE_TOO_LARGE") });
      return;
    }
    setBusy(true);
    const form = new FormData();
    form.append("image", file);
    try {
      const { data } = await uploadAvatar(form);
      const next = { ...user, avatar_url: data.avatar_url };
      updateSessionUser(next);
      void mutate("/user-data", { user: next }, { revalidate: false });
      toast.success(t("common:success.avatarUpdated"));
    } catch (err) {
      toast.error(t("errors:CHANGE_PHOTO_ERROR"), { description: errorMessage(err) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar name={user.name} url={user.avatar_url} size={88} loading="eager" />
      <div className="min-w-0 flex-1 basis-40">
        <input
          ref={input}
          id="avatar-input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <label
          htmlFor="avatar-input"
          className={`btn-ghost cursor-pointer whitespace-nowrap ${busy ? "pointer-events-none opacity-60" : ""}`}
          aria-disabled={busy}
        >
          {busy ? t("profile.uploading") : t("profile.changePhoto")}
        </label>
        <p className="mt-2 text-xs text-muted">{t("profile.photoHint")}</p>
      </div>
    </div>
  );
}
