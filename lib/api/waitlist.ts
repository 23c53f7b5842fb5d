"use client";
// "Tell me if a time frees up" (docs/decisions/0036-waitlist.md): asked from the booking's date strip.
import type { TJoinWaitlist, TWaitlistEntry, TWaitlistList } from "@/lib/contract/waitlist";
import { http } from "./http";

export const joinWaitlist = async (wish: TJoinWaitlist) => (await (await http()).post<{ entry: TWaitlistEntry }>("/client/waitlist", wish)).data.entry;

export const leaveWaitlist = async (id: number) => {
  await (await http()).delete(`/client/waitlist/${id}`);
};

export const listWaitlist = async () => (await (await http()).get<TWaitlistList>("/client/waitlist")).data.items;
