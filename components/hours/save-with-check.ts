"use client";
import { useState } from "react";
import { errorMessage } from "@/lib/api/errors";
import { bookingsInTheWay, type TBookingInTheWay } from "@/lib/api/team";

/**
 * A save that the server may refuse with the bookings it would leave out (409): they are kept to show, and the same
 * save is sent again with `confirm` once the manager chooses to keep them.
 */
export function useCheckedSave(save: (confirm: boolean) => Promise<unknown>, onSaved: () => void) {
  const [inTheWay, setInTheWay] = useState<TBookingInTheWay[] | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(confirm = false) {
    setBusy(true);
    setMessage(null);
    try {
      await save(confirm);
      setInTheWay(null);
      setMessage({ ok: true, text: "" });
      onSaved();
    } catch (err) {
      const listed = bookingsInTheWay(err);
      if (listed) setInTheWay(listed);
      else setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }
  return { run, inTheWay, dismiss: () => setInTheWay(null), message, busy };
}
