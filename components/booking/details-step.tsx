"use client";
// Who books, with react-hook-form: loaded once a date is chosen (or when a link opens at the review),
// not with the booking page (decision 0033). Once shown it stays mounted, hidden on the other steps, so what
// the person typed is kept when they go back to change the time.
import { useRouter } from "next/navigation";
import { useT } from "@/lib/i18n/words";
import { Link } from "@/components/ui/link";
import { useEffect, useId, useMemo, useState } from "react";
import { type Resolver, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { createAppointment, createGuestAppointment } from "@/lib/api/appointments";
import { DEFAULT_ERROR_MESSAGE, deliveryIdOf, errorCode, errorMessage, isConnectionFailure } from "@/lib/api/errors";
import { CodeDeliveryNotice } from "@/components/code-delivery/code-delivery-notice";
import { formatPhoneBr } from "@/lib/contract/common";
import { toast } from "@/lib/browser/toast";
import type { ZGuestDetails } from "./details-rules";
import { GuestContactFields } from "./guest-contact-fields";
import { LabelledInput } from "./labelled-input";
import { StepCard } from "./step-card";
import { keptGuestContact } from "./use-guest-waitlist-entry";
import type { Booking } from "./use-booking";

// What the person types (the rest is picked with buttons), checked with the contract's own rules, which
// come with the first check or once a date is chosen (./details-rules: zod and the contract).
type Details = z.input<typeof ZGuestDetails>;
type CheckedDetails = z.output<typeof ZGuestDetails>;
/** Offline when the rules are first needed: nothing is sent, the form says why and can be sent again. */
const detailsResolver =
  (isGuest: boolean, onLoadError: () => void): Resolver<Details, unknown, CheckedDetails> =>
  async (...args) => {
    const rules = await import("./details-rules").catch(() => null);
    if (!rules) {
      onLoadError();
      return { values: {}, errors: { root: { type: "load", message: "LOAD_FAILED" } } };
    }
    return (isGuest ? rules.guestResolver : rules.clientResolver)(...args) as ReturnType<Resolver<Details, unknown, CheckedDetails>>;
  };

/**
 * What a guest typed, kept in the tab (sessionStorage, never the address) so that a reload or Back to this step
 * finds it again; dropped once booked.
 */
const DETAILS_KEY = "navalha:guest-details";
type KeptDetails = { name: string; phone: string; email: string; notes: string; whatsapp_opt_in: boolean };
export function keptGuestDetails(): KeptDetails | null {
  try {
    const found = JSON.parse(sessionStorage.getItem(DETAILS_KEY) ?? "null") as Partial<KeptDetails> | null;
    if (!found || typeof found !== "object") return null;
    const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 500) : "");
    return {
      name: text(found.name),
      phone: text(found.phone),
      email: text(found.email),
      notes: text(found.notes),
      whatsapp_opt_in: found.whatsapp_opt_in === true,
    };
  } catch {
    return null;
  }
}
function keepGuestDetails(details: KeptDetails | null) {
  try {
    if (details) sessionStorage.setItem(DETAILS_KEY, JSON.stringify(details));
    else sessionStorage.removeItem(DETAILS_KEY);
  } catch {
    // Storage refused (private mode): the form still holds what was typed until the tab goes.
  }
}

/** The last booking attempt's Idempotency-Key and what it sent (one booking form a page). */
const lastAttempt: { current: { key: string; sent: string } | null } = { current: null };
/** The key for sending `sent`: the last attempt's when it sent the same and got no answer, else a new one. */
function attemptKey(sent: string): string {
  if (lastAttempt.current?.sent !== sent) lastAttempt.current = { key: crypto.randomUUID(), sent };
  return lastAttempt.current.key;
}
/** The last attempt got an answer: the next one is new. */
function attemptAnswered() {
  lastAttempt.current = null;
}

/** The details form and the booking's submit, which it registers with the flow. */
function useDetails(flow: Booking) {
  const { t } = useT("booking");
  const router = useRouter();
  const { shop, isGuest, user, ready, date, time, barberId, serviceIds, chosenProducts, missing, setBusy, timeTaken, registerSubmit } = flow;
  // The phone a WhatsApp code was sent to, when the server asked for one (428 PHONE_VERIFICATION_REQUIRED): the
  // guest's, or the phone of an account that has not proved a contact yet.
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [code, setCodeValue] = useState("");
  const [codeRefused, setCodeRefused] = useState<string | null>(null);
  const [codeTouched, setCodeTouched] = useState(false);
  // The code's delivery, followed under its field (WhatsApp may say later that it could not deliver it).
  const [deliveryId, setDeliveryId] = useState<string | null>(null);

  const resolver = useMemo(
    () => detailsResolver(isGuest, () => toast.error(t("errors:CREATE_APPOINTMENT_ERROR"), { description: DEFAULT_ERROR_MESSAGE })),
    [isGuest, t],
  );
  // A guest who just asked to be told of a free time (another day) in this tab starts with the name and phone given.
  // What this guest typed before a reload or Back comes first.
  const [contact] = useState(() => (isGuest && typeof window !== "undefined" ? (keptGuestDetails() ?? keptGuestContact()) : null));
  const details = useForm<Details, unknown, CheckedDetails>({
    resolver,
    defaultValues: { name: "", phone: "", email: "", notes: "", whatsapp_opt_in: false, ...contact },
  });
  const typed = useWatch({ control: details.control });
  useEffect(() => {
    if (!isGuest) return;
    const { name = "", phone = "", email = "", notes = "", whatsapp_opt_in = false } = typed;
    keepGuestDetails({ name, phone, email: email ?? "", notes: notes ?? "", whatsapp_opt_in: Boolean(whatsapp_opt_in) });
  }, [isGuest, typed]);
  const typedPhone = useWatch({ control: details.control, name: "phone" });
  const askingCode = codeFor !== null && (isGuest ? codeFor === typedPhone : true);
  const codeValid = /^\d{6}$/.test(code);
  const codeProblem = askingCode ? (codeRefused ?? (codeTouched && !codeValid ? t("flow.codeError") : null)) : null;
  function setCode(value: string) {
    setCodeValue(value.replace(/\D/g, "").slice(0, 6));
    setCodeRefused(null);
  }

  const submit = details.handleSubmit(async ({ name, phone, email, notes, whatsapp_opt_in }) => {
    if (!ready || !date || !time) return missing();
    if (askingCode && !codeValid) return setCodeTouched(true);
    setBusy(true);
    const body = {
      barbershop_id: shop.id,
      ...(barberId ? { barber_id: barberId } : {}),
      services: serviceIds,
      products: chosenProducts.map((p) => ({ id: p.id, quantity: p.quantity })),
      date,
      start_hour: time,
      ...(notes ? { notes } : {}),
      whatsapp_opt_in: Boolean(whatsapp_opt_in),
    };
    // A key per attempt: a network retry of this attempt cannot book twice. After a try that got no answer (it may
    // have booked), the same booking sent again keeps its key, and the server answers what it did.
    const headers = { "Idempotency-Key": attemptKey(JSON.stringify({ body, name, phone, email })) };
    try {
      if (isGuest) {
        const { data } = await createGuestAppointment(
          { ...body, name, phone, ...(email ? { email } : {}), ...(askingCode ? { phone_code: code } : {}) },
          headers,
        );
        keepGuestDetails(null);
        attemptAnswered();
        toast.success(t("common:success.appointmentCreated"));
        // The page then says where the link went (the e-mail it reads from the booking; WhatsApp only if ticked).
        router.push(`/agendamento/${data.appointment.id}?token=${encodeURIComponent(data.manage_token)}&new=1${whatsapp_opt_in ? "&sent=whatsapp" : ""}`);
      } else {
        const { data } = await createAppointment({ ...body, ...(askingCode ? { phone_code: code } : {}) }, headers);
        attemptAnswered();
        toast.success(t("common:success.appointmentCreated"));
        router.push(`/agendamento/${data.appointment.id}?new=1`);
      }
    } catch (err) {
      const failure = errorCode(err);
      // Answered: the next try is a new attempt. Unanswered, it keeps its key (above).
      if (!isConnectionFailure(err)) attemptAnswered();
      if (failure === "SLOT_TAKEN" || failure === "TIME_NOT_OFFERED") {
        setBusy(false);
        return timeTaken();
      } else if (failure === "PHONE_VERIFICATION_REQUIRED") {
        // Everything chosen stays: only the code is asked for, then the same booking is sent again.
        setCodeFor(isGuest ? phone : (user?.phone ?? ""));
        setDeliveryId(deliveryIdOf(err));
        setCodeValue("");
        setCodeRefused(null);
        setCodeTouched(false);
      } else if (failure === "INVALID_CODE") {
        setCodeRefused(errorMessage(err));
      } else if (isConnectionFailure(err)) {
        // No answer: said as such; every choice and every typed field stays for another try.
        toast.error(t("flow.connectionLost"));
      } else {
        toast.error(t("errors:CREATE_APPOINTMENT_ERROR"), { description: errorMessage(err) });
      }
      setBusy(false);
    }
  }, missing);
  // The flow's form calls the latest submit; none once this step is gone.
  useEffect(() => registerSubmit(submit));
  useEffect(() => () => registerSubmit(null), [registerSubmit]);

  return { details, askingCode, code, codeProblem, setCode, deliveryId };
}

/** Part of the review step: who books (a guest gives a name and a phone, checked with the contract's rules) and notes. */
export default function DetailsStep({ flow }: { flow: Booking }) {
  const { t } = useT("booking");
  const { token, user, returnTo } = flow;
  const { details, askingCode, code, codeProblem, setCode, deliveryId } = useDetails(flow);
  const { t: delivery } = useT("code-delivery");
  const codeField = (sent: string) => (
    <div className="rounded-lg border border-primary/60 bg-primary/10 p-3">
      <p role="status" className="mb-3 text-sm">
        {sent}
      </p>
      <LabelledInput
        label={t("flow.code")}
        error={codeProblem}
        className="input max-w-40 tracking-widest"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
      <div className="mt-2">
        <CodeDeliveryNotice key={deliveryId ?? ""} deliveryId={deliveryId} t={delivery} />
      </div>
    </div>
  );
  const detailErrors = details.formState.errors;
  // Registered in the order shown, so that a submit with errors focuses the first of them (the name before the phone).
  const nameField = details.register("name");
  const phoneField = details.register("phone");
  const notesId = useId();
  return (
    <StepCard id="step-details" title={t("flow.detailsStep")}>
      {token && user ? (
        <div className="mt-3 grid gap-4">
          <p>{t("flow.signedInAs", { name: user.name })}</p>
          {askingCode && codeField(t("flow.accountCodeSent", { phone: user.phone ? formatPhoneBr(user.phone) : "" }))}
        </div>
      ) : (
        <div className="mt-3 grid gap-4">
          <p className="text-sm text-muted">
            {t("flow.guestIntro")}{" "}
            <Link className="text-primary underline underline-offset-2" href={`/entrar?next=${encodeURIComponent(returnTo)}`}>
              {t("flow.signInInstead")}
            </Link>
          </p>
          <GuestContactFields nameField={nameField} phoneField={phoneField} nameError={detailErrors.name} phoneError={detailErrors.phone} />
          {askingCode && codeField(t("flow.codeSent", { phone: details.getValues("phone") }))}
          <LabelledInput
            label={t("flow.email")}
            hint={t("flow.emailHint")}
            error={detailErrors.email ? t("flow.emailError") : null}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            {...details.register("email")}
          />
        </div>
      )}
      <div className="mt-4">
        <label htmlFor={notesId} className="mb-1 block text-sm font-medium">
          {t("flow.notes")}
        </label>
        <textarea id={notesId} className="input min-h-20 py-2" maxLength={500} {...details.register("notes")} />
      </div>
      {/* Meta's rule for business-initiated messages: an explicit opt-in, never ticked for the client. */}
      <label className="mt-4 flex min-h-11 cursor-pointer items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-[var(--color-primary)]" {...details.register("whatsapp_opt_in")} />
        <span>{t("flow.whatsappOptIn", { shop: flow.shop.name })}</span>
      </label>
    </StepCard>
  );
}
