"use client";
// "Tell me if a time frees up" (docs/decisions/0036-waitlist.md): asked from the booking's date strip (the list: useMyWaitlist in data.ts).
import type { TJoinWaitlist, TWaitlistEntry } from "@/lib/contract/waitlist";
import { http } from "./http";

export const joinWaitlist = async (wish: TJoinWaitlist) => (await (await http()).post<{ entry: TWaitlistEntry }>("/client/waitlist", wish)).data.entry;

export const leaveWaitlist = async (id: number) => {
  await (await http()).delete(`/client/waitlist/${id}`);
};
