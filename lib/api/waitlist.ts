"use client";
// "Tell me if a time frees up" (docs/decisions/0036-waitlist.md): asked from the booking's date strip (the list: useMyWaitlist in data.ts).
import type { TGuestWaitlistAnswer, TJoinGuestWaitlist, TJoinWaitlist, TWaitlistEntry } from "@/lib/contract/waitlist";
import { http } from "./http";

export const joinWaitlist = async (entry: TJoinWaitlist) => (await (await http()).post<{ entry: TWaitlistEntry }>("/client/waitlist", entry)).data.entry;

export const leaveWaitlist = async (id: number) => {
  await (await http()).delete(`/client/waitlist/${id}`);
};

/** A guest's entry, told by WhatsApp on a phone proved by a code (a 428 PHONE_VERIFICATION_REQUIRED sends one). */
export const joinGuestWaitlist = async (entry: TJoinGuestWaitlist) => (await (await http()).post<TGuestWaitlistAnswer>("/waitlist/guest", entry)).data;

export const leaveGuestWaitlist = async (id: number, token: string) => {
  await (await http()).delete(`/waitlist/guest/${id}`, { params: { token } });
};
