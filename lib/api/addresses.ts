"use client";
// The client's saved addresses.
import type { z } from "zod";
import type { ZAddressAnswer, ZAddressInput, ZAddressList } from "@/lib/contract/account";
import { http } from "./http";

type AddressAnswer = z.output<typeof ZAddressAnswer>;
export type TAddressList = z.output<typeof ZAddressList>;

export const createAddress = async (body: z.input<typeof ZAddressInput>) => (await http()).post<AddressAnswer>("/client/address", body);

export const updateAddress = async (id: number, body: z.input<typeof ZAddressInput>) => (await http()).put<AddressAnswer>(`/client/address/${id}`, body);

export const deleteAddress = async (id: number) => (await http()).delete<void>(`/client/address/${id}`);
