"use client";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Link } from "@/components/ui/link";
import { CodeDeliveryNotice } from "@/components/code-delivery/code-delivery-notice";
import { DEFAULT_ERROR_MESSAGE } from "@/lib/api/errors";
import type { TPeriod } from "@/lib/contract/search-constants";
import { useT } from "@/lib/i18n/words";
import type { ZGuestWaitlistContact } from "./details-rules";
import { GuestContactFields } from "./guest-contact-fields";
import { LabelledInput } from "./labelled-input";
import type { CodeWanted, GuestWaitlistEntryState } from "./use-guest-waitlist-entry";
import { DoneLine, keepWhole, MARK } from "./waitlist-lines";

type Contact = z.input<typeof ZGuestWaitlistContact>;
type CheckedContact = z.output<typeof ZGuestWaitlistContact>;
/** The phone a WhatsApp code went to: while that phone is typed, the code is asked for and checked too. */
type Asking = { codeFor: string | null };

/**
 * The contract's rules for what the guest typed, loaded with the booking's details rules (./details-rules, there
 * once a date is chosen). Offline when they are first needed: nothing is sent and `onLoadError` says so.
 */
const contactResolver =
  (onLoadError: () => void): Resolver<Contact, Asking, CheckedContact> =>
  async (values, asking, options) => {
    const rules = await import("./details-rules").catch(() => null);
    if (!rules) {
      onLoadError();
      return { values: {}, errors: { root: { type: "load", message: "LOAD_FAILED" } } };
    }
    const coded = asking?.codeFor != null && values.phone === asking.codeFor;
    const resolver = coded ? rules.guestWaitlistCodedResolver : rules.guestWaitlistResolver;
    return resolver(values, asking, options) as ReturnType<Resolver<Contact, Asking, CheckedContact>>;
  };

/**
 * What a guest fills in to be told when a time frees up: a name and a phone, then the WhatsApp code when the
 * server wants the phone proved first (a phone not proved in the last 30 days, as a guest booking).
 */
export function GuestWaitlistEntryForm({
  guest,
  asking,
  choice,
  noneChosen,
  returnTo,
}: {
  guest: GuestWaitlistEntryState;
  asking: TPeriod[];
  choice: ReactNode;
  noneChosen: boolean;
  returnTo: string;
}) {
  const { t } = useT("booking");
  const { busy, undone, problem, setProblem, acted, join } = guest;
  // The phone the code went to, and the code's delivery (WhatsApp may say later that it could not deliver it).
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [deliveryId, setDeliveryId] = useState<string | null>(null);
  const resolver = useMemo(() => contactResolver(() => setProblem(DEFAULT_ERROR_MESSAGE)), [setProblem]);
  const form = useForm<Contact, Asking, CheckedContact>({
    resolver,
    defaultValues: { name: guest.contact?.name ?? "", phone: guest.contact?.phone ?? "", phone_code: "" },
    context: { codeFor },
  });
  const typedPhone = useWatch({ control: form.control, name: "phone" });
  const askingCode = codeFor !== null && codeFor === typedPhone;

  async function ask() {
    let wanted = null as CodeWanted | null;
    await form.handleSubmit(async ({ name, phone, phone_code }) => {
      if (noneChosen) return;
      wanted = await join({ name, phone }, asking, askingCode ? phone_code : undefined);
    })();
    if (!wanted) return;
    setCodeFor(form.getValues("phone"));
    setDeliveryId(wanted.deliveryId);
    // A new code is typed, its message shown only once it is sent.
    form.reset({ ...form.getValues(), phone_code: "" });
  }

  const errors = form.formState.errors;
  // Registered in the order shown, so that an ask with errors focuses the first of them (the name before the phone).
  const nameField = form.register("name");
  const phoneField = form.register("phone");
  return (
    // Not a form: the booking's own form holds this step (a nested form's submit would reach the booking's).
    <div
      className="grid gap-3"
      onKeyDown={(e) => {
        if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          void ask();
        }
      }}
    >
      <p className="text-sm text-muted">{t("flow.waitlist.guestHint")}</p>
      {choice}
      <div className="grid gap-3 sm:max-w-md">
        <GuestContactFields nameField={nameField} phoneField={phoneField} nameError={errors.name} phoneError={errors.phone} />
      </div>
      {askingCode && <CodeField form={form} phone={typedPhone} deliveryId={deliveryId} />}
      <button type="button" className="btn-primary justify-self-start" disabled={busy || noneChosen} aria-busy={busy} onClick={ask}>
        {busy ? t("flow.waitlist.asking") : askingCode ? t("flow.waitlist.confirmCode") : t("flow.waitlist.askGuest")}
      </button>
      {undone && (
        <DoneLine focusRef={acted} className="text-sm text-muted">
          {t("flow.waitlist.undone")}
        </DoneLine>
      )}
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <p className="text-sm text-muted">
        {t("flow.waitlist.orSignIn")}{" "}
        <Link className="font-semibold text-primary underline underline-offset-4" href={`/entrar?next=${encodeURIComponent(returnTo)}`}>
          {t("flow.waitlist.signInLink")}
        </Link>
      </p>
    </div>
  );
}

/** The WhatsApp code's field, which takes the focus when it appears (a phone's keyboard, or its offer of the code from WhatsApp). */
function CodeField({
  form,
  phone,
  deliveryId,
}: {
  form: ReturnType<typeof useForm<Contact, Asking, CheckedContact>>;
  phone: string;
  deliveryId: string | null;
}) {
  const { t } = useT("booking");
  const { t: delivery } = useT("code-delivery");
  const codeInput = useRef<HTMLInputElement | null>(null);
  useEffect(() => codeInput.current?.focus(), []);
  const codeField = form.register("phone_code");
  return (
    <div className="grid gap-3 rounded-lg border border-primary/60 bg-primary/10 p-3 sm:max-w-md">
      <p role="status" className="text-sm">
        {keepWhole(t("flow.waitlist.codeSent", { phone: MARK }), phone)}
      </p>
      <LabelledInput
        label={t("flow.code")}
        error={form.formState.errors.phone_code ? t("flow.codeError") : null}
        className="input max-w-40 tracking-widest"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...codeField}
        ref={(input) => {
          codeField.ref(input);
          codeInput.current = input;
        }}
        onChange={(e) => {
          e.target.value = e.target.value.replace(/\D/g, "").slice(0, 6);
          return codeField.onChange(e);
        }}
        maxLength={6}
        required
      />
      <CodeDeliveryNotice key={deliveryId ?? ""} deliveryId={deliveryId} t={delivery} />
    </div>
  );
}
