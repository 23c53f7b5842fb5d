"use client";
import { useRef, useState } from "react";
import { deliveryIdOf, errorCode, errorMessage } from "@/lib/api/errors";
import { joinGuestWaitlist, leaveGuestWaitlist } from "@/lib/api/waitlist";
import { asPeriods, type TPeriod } from "@/lib/contract/search-constants";
import type { TJoinWaitlist } from "@/lib/contract/waitlist";

/** A guest's name and phone, as typed (the phone masked). */
export type GuestContact = { name: string; phone: string };

/** The name and phone a guest last gave for an alert in this tab: the booking's details step starts with them. */
const CONTACT_KEY = "navalha:guest-contact";
export function keptGuestContact(): GuestContact | null {
  try {
    const found = JSON.parse(sessionStorage.getItem(CONTACT_KEY) ?? "null") as { name?: unknown; phone?: unknown } | null;
    return found && typeof found.name === "string" && typeof found.phone === "string" ? { name: found.name, phone: found.phone } : null;
  } catch {
    return null;
  }
}

/** What the tab keeps of a guest's waitlist entry for a shop and day, to show it asked and take it back (gone with the tab). */
type Kept = GuestContact & { id: number; token: string; periods: TPeriod[] };
// The stored key keeps its first name: entries a tab already holds are still found.
const keyOf = (entry: TJoinWaitlist) => `navalha:guest-wish:${entry.barbershop_id}:${entry.date}`;
function readKept(entry: TJoinWaitlist): Kept | null {
  try {
    return JSON.parse(sessionStorage.getItem(keyOf(entry)) ?? "null") as Kept | null;
  } catch {
    return null;
  }
}
function keep(entry: TJoinWaitlist, kept: Kept | null) {
  try {
    if (kept) {
      sessionStorage.setItem(keyOf(entry), JSON.stringify(kept));
      sessionStorage.setItem(CONTACT_KEY, JSON.stringify({ name: kept.name, phone: kept.phone }));
    } else sessionStorage.removeItem(keyOf(entry));
  } catch {
    // Storage refused (private mode): the entry stands, this page just forgets it.
  }
}

/** The server wants the phone proved first (its 428): a WhatsApp code went out, followed by this delivery. */
export type CodeWanted = { deliveryId: string | null };

/**
 * A guest's waitlist entry for a shop and day (docs/decisions/0036-waitlist.md), as this tab knows it: asked for,
 * taken back, and what the last request answered. `period`: the full period's tab it is on.
 */
export function useGuestWaitlistEntry(entry: TJoinWaitlist, period: TPeriod | undefined) {
  // Shown once the day's times are loaded in the browser (never in the server's page): storage can be read at once.
  const [kept, setKept] = useState<Kept | null>(() => (typeof window === "undefined" ? null : readKept(entry)));
  const [state, setState] = useState<"idle" | "busy" | "undone">("idle");
  const [problem, setProblem] = useState<string | null>(null);
  // Set by this tab's ask or undo: the line that then replaces the button takes the focus, once (see DoneLine).
  const acted = useRef(false);
  // The name and phone last asked with: the form shown again after an undo starts with them.
  const [lastContact, setLastContact] = useState<GuestContact | null>(null);

  // An entry kept for the day covers this tab when it is the whole day's or names this period.
  const covered = kept !== null && (period === undefined || kept.periods.length === 0 || kept.periods.includes(period));
  const others = period && kept ? kept.periods.filter((p) => p !== period) : [];

  async function send(contact: GuestContact, periods: TPeriod[], phoneCode?: string) {
    const body = { ...entry, ...(periods.length > 0 ? { periods } : {}), ...contact, ...(phoneCode !== undefined ? { phone_code: phoneCode } : {}) };
    const { entry: saved, token } = await joinGuestWaitlist(body);
    const next = { id: saved.id, token, ...contact, periods };
    keep(entry, next);
    setKept(next);
  }
  /** Asks for `asking` (and the periods already asked for that day), with the code when one was asked for. */
  async function join(contact: GuestContact, asking: TPeriod[], phoneCode?: string): Promise<CodeWanted | null> {
    setLastContact(contact);
    setState("busy");
    setProblem(null);
    try {
      acted.current = true;
      await send(contact, asPeriods([...asking, ...others]), phoneCode);
      setState("idle");
      return null;
    } catch (err) {
      acted.current = false;
      setState("idle");
      if (errorCode(err) === "PHONE_VERIFICATION_REQUIRED") return { deliveryId: deliveryIdOf(err) };
      setProblem(errorMessage(err));
      return null;
    }
  }
  async function undo() {
    if (!kept) return;
    setLastContact({ name: kept.name, phone: kept.phone });
    setState("busy");
    setProblem(null);
    try {
      // Another period asked for that day keeps waiting (the phone is proved: no code).
      if (others.length > 0) await send({ name: kept.name, phone: kept.phone }, others);
      else {
        await leaveGuestWaitlist(kept.id, kept.token);
        keep(entry, null);
        setKept(null);
      }
      acted.current = true;
      setState("undone");
    } catch (err) {
      setState("idle");
      setProblem(errorMessage(err));
    }
  }

  return {
    kept,
    covered,
    /** What the form starts with: the entry kept, else the name and phone last asked with in this page. */
    contact: kept ? { name: kept.name, phone: kept.phone } : lastContact,
    busy: state === "busy",
    undone: state === "undone",
    problem,
    setProblem,
    acted,
    join,
    undo,
  };
}
export type GuestWaitlistEntryState = ReturnType<typeof useGuestWaitlistEntry>;
