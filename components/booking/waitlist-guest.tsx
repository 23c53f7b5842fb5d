"use client";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link } from "@/components/ui/link";
import { deliveryIdOf, errorCode, errorMessage } from "@/lib/api/errors";
import { CodeDeliveryNotice } from "@/components/code-delivery/code-delivery-notice";
import { joinGuestWaitlist, leaveGuestWaitlist } from "@/lib/api/waitlist";
import { asPeriods, type TPeriod } from "@/lib/contract/search-constants";
import type { TJoinWaitlist } from "@/lib/contract/waitlist";
import { useT } from "@/lib/i18n/words";
import { maskPhoneBr } from "@/lib/text/phone-mask";
import { LabelledInput } from "./labelled-input";

/** The name and phone a guest last gave for an alert in this tab: the booking's details step starts with them. */
const CONTACT_KEY = "navalha:guest-contact";
export function keptGuestContact(): { name: string; phone: string } | null {
  try {
    const found = JSON.parse(sessionStorage.getItem(CONTACT_KEY) ?? "null") as { name?: unknown; phone?: unknown } | null;
    return found && typeof found.name === "string" && typeof found.phone === "string" ? { name: found.name, phone: found.phone } : null;
  } catch {
    return null;
  }
}

/** What the tab keeps of a guest's wish for a shop and day, to show it asked and take it back (gone with the tab). */
type Kept = { id: number; token: string; name: string; phone: string; periods: TPeriod[] };
const keyOf = (wish: TJoinWaitlist) => `navalha:guest-wish:${wish.barbershop_id}:${wish.date}`;
function readKept(wish: TJoinWaitlist): Kept | null {
  try {
    return JSON.parse(sessionStorage.getItem(keyOf(wish)) ?? "null") as Kept | null;
  } catch {
    return null;
  }
}
function keep(wish: TJoinWaitlist, kept: Kept | null) {
  try {
    if (kept) {
      sessionStorage.setItem(keyOf(wish), JSON.stringify(kept));
      sessionStorage.setItem(CONTACT_KEY, JSON.stringify({ name: kept.name, phone: kept.phone }));
    } else sessionStorage.removeItem(keyOf(wish));
  } catch {
    // Storage refused (private mode): the wish stands, this page just forgets it.
  }
}

/**
 * A guest's "tell me if a time frees up" (docs/decisions/0036-waitlist.md): a name and a phone, told by
 * WhatsApp. A phone not proved in the last 30 days gets a WhatsApp code first (the server's 428), as a guest
 * booking does. `asking`: the periods asked for (none: the whole day); `period`: the full period's tab it is on.
 */
export function GuestWish({
  wish,
  period,
  asking,
  whenOf,
  choice,
  noneChosen,
  returnTo,
}: {
  wish: TJoinWaitlist;
  period?: TPeriod;
  asking: TPeriod[];
  whenOf: (periods: readonly TPeriod[]) => string | null;
  /** The full day's period toggles, shown until the wish is made. */
  choice: ReactNode;
  noneChosen: boolean;
  returnTo: string;
}) {
  const { t } = useT("booking");
  // Shown once the day's times are loaded in the browser (never in the server's page): storage can be read at once.
  const [kept, setKept] = useState<Kept | null>(() => (typeof window === "undefined" ? null : readKept(wish)));
  const [name, setName] = useState(kept?.name ?? "");
  const [phone, setPhone] = useState(kept?.phone ?? "");
  const [code, setCode] = useState("");
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const [deliveryId, setDeliveryId] = useState<string | null>(null);
  const { t: delivery } = useT("code-delivery");
  const [touched, setTouched] = useState(false);
  const [state, setState] = useState<"idle" | "busy" | "undone">("idle");
  // Set by this tab's ask or undo: the line that then replaces the button takes the focus, once (see DoneLine).
  const acted = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);

  // A wish kept for the day covers this tab when it is the whole day's or names this period.
  const covered = kept && (period === undefined || kept.periods.length === 0 || kept.periods.includes(period));
  const others = period && kept ? kept.periods.filter((p) => p !== period) : [];
  const askingCode = codeFor !== null && codeFor === phone;
  // A first check of what is typed, before a request (the server checks it with the contract's rules).
  const ok = { name: name.trim().length >= 3, phone: /^\(\d{2}\) \d{4,5}-\d{4}$/.test(phone), code: !askingCode || /^\d{6}$/.test(code) };
  const nameError = touched && !ok.name ? t("flow.nameError") : null;
  const phoneError = touched && !ok.phone ? t("flow.phoneError") : null;
  const codeError = touched && !ok.code ? t("flow.codeError") : null;
  // The code's field takes the focus when it appears (a phone's keyboard, or its offer of the code from WhatsApp).
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askingCode) codeInput.current?.focus();
  }, [askingCode]);

  async function send(periods: TPeriod[], withCode: boolean) {
    const body = { ...wish, ...(periods.length > 0 ? { periods } : {}), name: name.trim(), phone, ...(withCode ? { phone_code: code } : {}) };
    const { entry, token } = await joinGuestWaitlist(body);
    const next = { id: entry.id, token, name: name.trim(), phone, periods };
    keep(wish, next);
    setKept(next);
  }
  async function ask() {
    setTouched(true);
    if (!ok.name || !ok.phone || !ok.code || noneChosen) return;
    setState("busy");
    setProblem(null);
    try {
      acted.current = true;
      await send(asPeriods([...asking, ...others]), askingCode);
      setState("idle");
    } catch (err) {
      acted.current = false;
      setState("idle");
      const failure = errorCode(err);
      if (failure === "PHONE_VERIFICATION_REQUIRED") {
        setCodeFor(phone);
        setDeliveryId(deliveryIdOf(err));
        setCode("");
        setTouched(false);
      } else setProblem(errorMessage(err));
    }
  }
  async function undo() {
    if (!kept) return;
    setState("busy");
    setProblem(null);
    try {
      // Another period asked for that day keeps waiting (the phone is proved: no code).
      if (others.length > 0) await send(others, false);
      else {
        await leaveGuestWaitlist(kept.id, kept.token);
        keep(wish, null);
        setKept(null);
      }
      acted.current = true;
      setState("undone");
    } catch (err) {
      setState("idle");
      setProblem(errorMessage(err));
    }
  }

  if (covered && state !== "undone") {
    const when = whenOf(period ? [period] : kept.periods);
    return (
      <div className="grid gap-2">
        <DoneLine focusRef={acted}>
          ✓ {keepWhole(when ? t("flow.waitlist.askedGuestPeriod", { phone: MARK, when }) : t("flow.waitlist.askedGuest", { phone: MARK }), kept.phone)}
        </DoneLine>
        <button type="button" className="btn-ghost justify-self-start" disabled={state === "busy"} onClick={undo}>
          {t("flow.waitlist.undo")}
        </button>
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
      </div>
    );
  }
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
        <LabelledInput
          label={t("flow.name")}
          error={nameError}
          autoComplete="name"
          placeholder={t("flow.namePlaceholder")}
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
        />
        <LabelledInput
          label={t("flow.phone")}
          error={phoneError}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t("flow.phonePlaceholder")}
          value={phone}
          onChange={(e) => setPhone(maskPhoneBr(e.target.value))}
          required
        />
      </div>
      {askingCode && (
        <div className="grid gap-3 rounded-lg border border-primary/60 bg-primary/10 p-3 sm:max-w-md">
          <p role="status" className="text-sm">
            {keepWhole(t("flow.waitlist.codeSent", { phone: MARK }), phone)}
          </p>
          <LabelledInput
            ref={codeInput}
            label={t("flow.code")}
            error={codeError}
            className="input max-w-40 tracking-widest"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
            required
          />
          <CodeDeliveryNotice key={deliveryId ?? ""} deliveryId={deliveryId} t={delivery} />
        </div>
      )}
      <button type="button" className="btn-primary justify-self-start" disabled={state === "busy" || noneChosen} aria-busy={state === "busy"} onClick={ask}>
        {state === "busy" ? t("flow.waitlist.asking") : askingCode ? t("flow.waitlist.confirmCode") : t("flow.waitlist.askGuest")}
      </button>
      {state === "undone" && (
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

/**
 * The line that says an alert was asked for or taken back. It replaces the button just pressed, so when it appears
 * after that press (`focusRef` set by it) it takes the focus, once: the focus would otherwise fall to the page, and on a
 * phone the shorter block can leave the line above the screen (focusing scrolls it into view). Shown again later (the
 * period's tab chosen again) or on opening the page, it does not. Not in the tab order.
 */
export function DoneLine({ focusRef, className = "text-ink", children }: { focusRef: RefObject<boolean>; className?: string; children: ReactNode }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!focusRef.current) return;
    focusRef.current = false;
    line.current?.focus();
  }, [focusRef]);
  return (
    <p ref={line} role="status" tabIndex={-1} className={`${className} scroll-mt-20 focus:outline-none`}>
      {children}
    </p>
  );
}

const MARK = "\u0000";
/** A sentence with the phone where MARK is, the phone on one line ("(41) 97295-" above "0852" read badly). */
function keepWhole(sentence: string, phone: string): ReactNode {
  const [before, after = ""] = sentence.split(MARK);
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{phone}</span>
      {after}
    </>
  );
}
