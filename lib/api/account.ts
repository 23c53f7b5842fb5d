"use client";
// The account's calls: sign-in and sign-up, recovery, profile, photo and the data-rights requests.
// Requests and answers are the contract's (z.input of what is sent, z.output of what comes back).
import type { z } from "zod";
import type {
  ZAccepted,
  ZCodeAccepted,
  ZAvatarAnswer,
  ZChangePassword,
  ZConfirmationSent,
  ZConfirmEmail,
  ZConfirmPhone,
  ZDeleteAccount,
  ZExport,
  ZForgotByEmail,
  ZForgotByPhone,
  ZLogin,
  ZRegister,
  ZResetAnswer,
  ZResetPassword,
  ZUpdateEmail,
  ZUpdateUserData,
  ZUserAnswer,
  ZUserDataAnswer,
} from "@/lib/contract/account";
import type { ZAuthAnswer } from "@/lib/contract/users";
import { http } from "./http";
import { clearSession, getSession } from "./session";

type AuthAnswer = z.output<typeof ZAuthAnswer>;
type UserAnswer = z.output<typeof ZUserAnswer>;

export const signIn = async (body: z.input<typeof ZLogin>) => (await http()).post<AuthAnswer>("/login", body);

export const signUp = async (body: z.input<typeof ZRegister>) => (await http()).post<AuthAnswer>("/register/client/web_client", body);

/**
 * Sign out: the browser forgets the session at once, and the server revokes its token so a copy of it
 * stops working too. An unreachable server does not keep the user signed in here. axios comes with the
 * call (the header's menu, on every page, imports this).
 */
export async function logout(): Promise<void> {
  const token = getSession().token;
  clearSession();
  if (token) await (await http()).post("/logout", undefined, { headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
}

/** Trades the stored token for a fresh one. */
export const revalidateToken = async () => (await http()).post<AuthAnswer>("/revalidate-token");

export const requestResetByEmail = async (body: z.input<typeof ZForgotByEmail>) => (await http()).post<z.output<typeof ZAccepted>>("/user/password", body);

export const requestResetByWhatsapp = async (body: z.input<typeof ZForgotByPhone>) =>
  (await http()).post<z.output<typeof ZCodeAccepted>>("/send-whatsapp", body);

export const resetPassword = async (body: z.input<typeof ZResetPassword>) =>
  (await http()).post<z.output<typeof ZResetAnswer>>("/reset-password-with-token", body);

export const changePassword = async (body: z.input<typeof ZChangePassword>) => (await http()).put<AuthAnswer>("/user/password", body);

/** Sends a confirmation link to the new address; nothing changes until it is confirmed. */
export const updateEmail = async (body: z.input<typeof ZUpdateEmail>) => (await http()).post<z.output<typeof ZConfirmationSent>>("/update-email", body);

/** Applies the e-mail change a link stands for (opening the link only previews it). */
export const confirmEmailChange = async (body: z.input<typeof ZConfirmEmail>) => (await http()).post<UserAnswer>("/confirm-email", body);

/** Name and birth date change at once; a new phone answers `pending_phone` and waits for its code. */
export const updateUserData = async (body: z.input<typeof ZUpdateUserData>) => (await http()).put<z.output<typeof ZUserDataAnswer>>("/user-data", body);

export const confirmPhoneChange = async (body: z.input<typeof ZConfirmPhone>) => (await http()).post<UserAnswer>("/confirm-phone", body);

/** `form` carries the photo as `image` (multipart). */
export const uploadAvatar = async (form: FormData) => (await http()).post<z.output<typeof ZAvatarAnswer>>("/update-profile-image/client", form);

export const exportMyData = async () => (await http()).get<z.output<typeof ZExport>>("/client/export");

export const deleteAccount = async (body: z.input<typeof ZDeleteAccount>) => (await http()).delete<void>("/client/account", { data: body });
