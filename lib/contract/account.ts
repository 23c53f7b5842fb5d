import { z } from "zod";
import { ZPhoneCode } from "./booking";
import { listOf, phoneToE164, ZDate, ZErrorBody, ZFreeText, ZId, ZPersonName, ZLatitude, ZLimit, ZLongitude, ZPhoneBr, ZSkip } from "./common";
import { defineRoute } from "./route-def";
import { ZShopCard } from "./shops";
import { ZAuthAnswer, ZUser } from "./users";

// Requests and answers of the client account area. The sign-up, login and profile forms
// validate with these same schemas (react-hook-form + zodResolver).

/** A masked Brazilian mobile, "(11) 91234-5678" or "+5511912345678"; at least 14 characters as typed. */
export const ZPhoneInput = ZPhoneBr.refine((s) => phoneToE164(s) !== null, "INVALID_PHONE");
export const ZEmail = z.string().trim().min(1).max(254).pipe(z.email());
export const ZPassword = z.string().min(6).max(128);
export const ZName = ZPersonName();
export const ZBirthDate = ZDate.nullable().optional();

const mustMatch = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { message: "PASSWORD_MISMATCH", path: ["password_confirmation"] };

export const ZLogin = z.object({
  /** E-mail or phone (masked or E.164). */
  login: z.string().trim().min(8).max(254),
  password: z.string().min(6).max(128),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZRegister = z
  .object({
    name: ZName,
    email: ZEmail,
    phone: ZPhoneInput,
    password: ZPassword,
    password_confirmation: z.string().max(128),
    birth_date: ZBirthDate,
  })
  .refine(mustMatch, mismatch);
export type TRegister = z.input<typeof ZRegister>;

export const ZCheckPhone = z.object({ phone: ZPhoneInput });
export type TCheckPhone = z.infer<typeof ZCheckPhone>;
export const ZCheckPhoneAnswer = z.object({ registered: z.boolean() });

export const ZForgotByEmail = z.object({ email: ZEmail });
export type TForgotByEmail = z.infer<typeof ZForgotByEmail>;
export const ZForgotByPhone = z.object({ phone: ZPhoneInput });
export type TForgotByPhone = z.infer<typeof ZForgotByPhone>;
/** 202: the same answer whether or not an account exists. */
export const ZAccepted = z.object({ accepted: z.literal(true) });
/** A code asked for: `delivery_id` follows its delivery (GET /code-delivery/{id}); given whether or not an account holds the phone. */
export const ZCodeAccepted = ZAccepted.extend({ delivery_id: z.string() });
export const ZResetAnswer = z.object({ reset: z.literal(true) });

export const ZResetPassword = z
  .object({
    /** The e-mail link's token, or the 6-digit WhatsApp code (then `phone` is required). */
    token: z.string().trim().min(6).max(128),
    phone: ZPhoneInput.optional(),
    password: ZPassword,
    password_confirmation: z.string().max(128),
  })
  .refine(mustMatch, mismatch);
export type TResetPassword = z.input<typeof ZResetPassword>;

export const ZChangePassword = z
  .object({
    current_password: z.string().min(1).max(128),
    password: ZPassword,
    password_confirmation: z.string().max(128),
  })
  .refine(mustMatch, mismatch);
export type TChangePassword = z.input<typeof ZChangePassword>;

const ZCurrentPassword = z.string().min(1).max(128);

/** A new e-mail takes effect only once the link sent to it is opened and confirmed. */
export const ZUpdateEmail = z.object({ email: ZEmail, current_password: ZCurrentPassword });
export type TUpdateEmail = z.infer<typeof ZUpdateEmail>;
/** 202: where the confirmation link (or code) went. */
export const ZConfirmationSent = z.object({ sent_to: z.string() });
export type TConfirmationSent = z.infer<typeof ZConfirmationSent>;
export const ZConfirmEmail = z.object({ token: z.string().trim().min(16).max(200) });
export type TConfirmEmail = z.infer<typeof ZConfirmEmail>;
/** What the confirmation page shows before the person confirms. */
export const ZEmailChangePreview = z.object({ email: z.string() });
export type TEmailChangePreview = z.infer<typeof ZEmailChangePreview>;
export const ZConfirmPhone = z.object({ code: ZPhoneCode });
export type TConfirmPhone = z.infer<typeof ZConfirmPhone>;

export const ZUserDataQuery = z.object({ user_id: ZId.optional() });
export const ZUpdateUserData = z.object({
  name: ZName,
  phone: ZPhoneInput,
  birth_date: ZBirthDate,
  /** Required when `phone` differs from the account's: the new phone is then confirmed by a code. */
  current_password: z.string().max(128).optional(),
});
export type TUpdateUserData = z.input<typeof ZUpdateUserData>;
export const ZUserAnswer = z.object({ user: ZUser });
/** `pending_phone`: a new phone waiting for its WhatsApp code (POST /confirm-phone); `user` still has the old one. */
export const ZUserDataAnswer = ZUserAnswer.extend({
  pending_phone: z.string().optional(),
  /** With `pending_phone`: the code's delivery, to follow at GET /code-delivery/{delivery_id}. */
  delivery_id: z.string().optional(),
});
export type TUserDataAnswer = z.infer<typeof ZUserDataAnswer>;

export const ZAvatarUpload = z.object({ image: z.string().meta({ format: "binary", description: "JPEG, PNG or WebP, at most 5 MB" }) });
export const ZAvatarAnswer = z.object({ avatar_url: z.string() });

const optionalText = (max: number) => ZFreeText().max(max).default("");
export const ZAddressInput = z.object({
  label: optionalText(60),
  street: ZFreeText().min(1).max(200),
  number: optionalText(20),
  complement: ZFreeText().max(120).nullable().optional(),
  neighborhood: optionalText(120),
  city: ZFreeText().min(2).max(120),
  state: ZFreeText().min(2).max(40),
  zip_code: optionalText(12),
  /** Left empty, the server places the address at its neighbourhood (or city) when it knows it. */
  latitude: ZLatitude.nullable().optional(),
  longitude: ZLongitude.nullable().optional(),
  /** The address search starts from. */
  is_default: z.boolean().optional(),
});
export type TAddressInput = z.input<typeof ZAddressInput>;

export const ZAddress = z.object({
  id: z.number().int(),
  label: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  is_default: z.boolean(),
});
export type TAddress = z.infer<typeof ZAddress>;
export const ZAddressAnswer = z.object({ address: ZAddress });
export const ZAddressList = listOf(ZAddress);
export const ZIdParams = z.object({ id: ZId });
export const ZListQuery = z.object({ skip: ZSkip, limit: ZLimit });

export const ZFavoritesQuery = z.object({
  latitude: ZLatitude.optional(),
  longitude: ZLongitude.optional(),
  free_times: z.coerce
    .number()
    .int()
    .min(0)
    .max(3)
    .default(0)
    .meta({ description: "how many next free times (today and tomorrow, shop-local) each card carries: 0 to 3" }),
  skip: ZSkip,
  limit: ZLimit,
});
export const ZFavoriteList = listOf(ZShopCard);
export const ZFavoriteAnswer = z.object({ barbershop_id: z.number().int(), is_favorite: z.boolean() });

export const ZDeleteAccount = z.object({ password: z.string().min(1).max(128) });
export type TDeleteAccount = z.infer<typeof ZDeleteAccount>;

export const ZExport = z.object({
  exported_at: z.string(),
  user: ZUser.extend({ created_at: z.string() }),
  addresses: z.array(ZAddress),
  favorites: z.array(z.object({ barbershop_id: z.number().int(), name: z.string(), slug: z.string(), created_at: z.string() })),
  appointments: z.array(
    z.object({
      id: z.number().int(),
      barbershop: z.string(),
      barber: z.string(),
      status: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      total: z.string(),
      client_name: z.string(),
      client_phone: z.string().nullable(),
      services: z.array(z.string()),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      appointment_id: z.number().int(),
      rating: z.number().int(),
      comment: z.string().nullable(),
      created_at: z.string(),
      answer: z.string().nullable().meta({ description: "the shop's public answer to the review" }),
      answered_at: z.string().nullable(),
    }),
  ),
  /** What the staff of each shop wrote about the client (decision 0058): staff-only, yet data about him. */
  client_notes: z.array(z.object({ barbershop: z.string(), text: z.string(), author: z.string(), created_at: z.string(), updated_at: z.string().nullable() })),
  /** Days the client asked to be told about when a time frees up (POST /client/waitlist). */
  waitlist: z.array(
    z.object({
      barbershop: z.string(),
      date: z.string(),
      barber_id: z.number().int().nullable(),
      service_ids: z.array(z.number().int()),
      periods: z.array(z.string()),
      created_at: z.string(),
      notified_at: z.string().nullable(),
    }),
  ),
  /**
   * What the site keeps of the phone's WhatsApp consent (kept by a hash of the number, never the number): when it said
   * yes, when it replied PARAR / STOP, and its last message to the shop's number (the 24-hour window). Null: nothing kept.
   */
  /** The account's sign-ins kept (decision 0011): when each began, when it ends, and when it was signed out. */
  sessions: z.array(z.object({ created_at: z.string(), expires_at: z.string(), revoked_at: z.string().nullable() })),
  whatsapp_consent: z.object({ opted_in_at: z.string().nullable(), opted_out_at: z.string().nullable(), last_inbound_at: z.string().nullable() }).nullable(),
  /** The messages sent to the account's e-mail or phone that the outbox still keeps (7 days); a delivered one's text is already removed, a live code or link is withheld. */
  messages: z.array(
    z.object({
      channel: z.string(),
      recipient: z.string(),
      kind: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string(),
      status: z.string(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
    }),
  ),
});
export type TExport = z.infer<typeof ZExport>;

const err = ZErrorBody;
const tag = "account";

export const accountRoutes = [
  defineRoute({
    method: "post",
    path: "/login",
    summary: "Sign in with e-mail or phone",
    tag,
    auth: "none",
    body: ZLogin,
    responses: { 200: ZAuthAnswer, 401: err, 403: err, 429: err },
  }),
  defineRoute({
    method: "post",
    path: "/revalidate-token",
    summary: "Trade a valid token for a fresh one (same session, up to its absolute end)",
    tag,
    auth: "required",
    responses: { 200: ZAuthAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/logout",
    summary: "Sign out: revoke this session's token on the server",
    tag,
    auth: "required",
    responses: { 204: null, 401: err },
  }),
  defineRoute({
    method: "post",
    path: "/check-phone",
    summary: "Whether a phone has an account",
    tag,
    auth: "none",
    body: ZCheckPhone,
    responses: { 200: ZCheckPhoneAnswer, 429: err },
  }),
  defineRoute({
    method: "post",
    path: "/register/client/web_client",
    summary: "Sign up as a client",
    tag,
    auth: "none",
    body: ZRegister,
    responses: { 201: ZAuthAnswer, 409: err, 429: err },
  }),
  defineRoute({
    method: "post",
    path: "/user/password",
    summary: "E-mail a password reset link",
    tag,
    auth: "none",
    body: ZForgotByEmail,
    responses: { 202: ZAccepted, 429: err },
  }),
  defineRoute({
    method: "put",
    path: "/user/password",
    summary: "Change my password (ends other sessions)",
    tag,
    auth: "required",
    body: ZChangePassword,
    responses: { 200: ZAuthAnswer, 401: err, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/send-whatsapp",
    summary: "Send a 6-digit reset code by WhatsApp",
    tag,
    auth: "none",
    body: ZForgotByPhone,
    responses: { 202: ZCodeAccepted, 429: err },
  }),
  defineRoute({
    method: "post",
    path: "/reset-password-with-token",
    summary: "Set a new password with a reset token or code",
    tag,
    auth: "none",
    body: ZResetPassword,
    responses: { 200: ZResetAnswer, 429: err },
  }),
  defineRoute({
    method: "post",
    path: "/update-email",
    summary: "Add or change my e-mail (with my password; applied once the link sent to it is confirmed)",
    description:
      "400 WRONG_PASSWORD; 409 EMAIL_IN_USE; 422 EMAIL_UNCHANGED. A link valid 60 minutes goes to the new address; the previous address is told once the change is applied.",
    tag,
    auth: "required",
    body: ZUpdateEmail,
    responses: { 202: ZConfirmationSent, 400: err, 403: err, 409: err, 422: err, 429: err },
  }),
  defineRoute({
    method: "get",
    path: "/confirm-email",
    summary: "The e-mail a confirmation link would set (nothing changes)",
    tag,
    auth: "none",
    query: ZConfirmEmail,
    responses: { 200: ZEmailChangePreview, 400: err },
  }),
  defineRoute({
    method: "post",
    path: "/confirm-email",
    summary: "Apply an e-mail change with its link's token (once)",
    tag,
    auth: "none",
    body: ZConfirmEmail,
    responses: { 200: ZUserAnswer, 400: err, 409: err },
  }),
  defineRoute({
    method: "post",
    path: "/confirm-phone",
    summary: "Apply a phone change with the WhatsApp code sent to the new phone",
    description: "422 INVALID_CODE for a wrong, used or expired code (5 tries); 409 PHONE_IN_USE.",
    tag,
    auth: "required",
    body: ZConfirmPhone,
    responses: { 200: ZUserAnswer, 403: err, 409: err, 422: err },
  }),
  defineRoute({
    method: "get",
    path: "/user-data",
    summary: "My data",
    tag,
    auth: "required",
    query: ZUserDataQuery,
    responses: { 200: ZUserAnswer, 403: err },
  }),
  defineRoute({
    method: "put",
    path: "/user-data",
    summary: "Change my data (a new phone needs my password and is applied once its WhatsApp code is confirmed)",
    description: "400 PASSWORD_REQUIRED / WRONG_PASSWORD when the phone changes without the right current_password; nothing is changed then.",
    tag,
    auth: "required",
    body: ZUpdateUserData,
    responses: { 200: ZUserDataAnswer, 400: err, 403: err, 409: err, 429: err },
  }),
  defineRoute({
    method: "post",
    path: "/update-profile-image/client",
    summary: "Change my photo",
    tag,
    auth: "required",
    multipart: true,
    body: ZAvatarUpload,
    responses: { 200: ZAvatarAnswer, 403: err, 413: err, 415: err, 422: err },
  }),
  defineRoute({
    method: "get",
    path: "/client/address",
    summary: "My addresses",
    tag,
    auth: "required",
    query: ZListQuery,
    responses: { 200: ZAddressList, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/client/address",
    summary: "Add an address",
    tag,
    auth: "required",
    body: ZAddressInput,
    responses: { 201: ZAddressAnswer, 403: err },
  }),
  defineRoute({
    method: "get",
    path: "/client/address/{id}",
    summary: "One of my addresses",
    tag,
    auth: "required",
    params: ZIdParams,
    responses: { 200: ZAddressAnswer, 403: err, 404: err },
  }),
  defineRoute({
    method: "put",
    path: "/client/address/{id}",
    summary: "Change an address",
    tag,
    auth: "required",
    params: ZIdParams,
    body: ZAddressInput,
    responses: { 200: ZAddressAnswer, 403: err, 404: err },
  }),
  defineRoute({
    method: "delete",
    path: "/client/address/{id}",
    summary: "Delete an address",
    tag,
    auth: "required",
    params: ZIdParams,
    responses: { 204: null, 403: err, 404: err },
  }),
  defineRoute({
    method: "get",
    path: "/client/favorites",
    summary: "My favourite barbershops",
    tag,
    auth: "required",
    query: ZFavoritesQuery,
    responses: { 200: ZFavoriteList, 403: err },
  }),
  defineRoute({
    method: "post",
    path: "/client/favorites/{id}",
    summary: "Favourite a barbershop (idempotent)",
    tag,
    auth: "required",
    params: ZIdParams,
    responses: { 201: ZFavoriteAnswer, 403: err, 404: err },
  }),
  defineRoute({
    method: "delete",
    path: "/client/favorites/{id}",
    summary: "Unfavourite a barbershop (idempotent)",
    tag,
    auth: "required",
    params: ZIdParams,
    responses: { 200: ZFavoriteAnswer, 403: err, 404: err },
  }),
  defineRoute({ method: "get", path: "/client/export", summary: "Download all my data (LGPD)", tag, auth: "required", responses: { 200: ZExport, 403: err } }),
  defineRoute({
    method: "delete",
    path: "/client/account",
    summary: "Delete my account (LGPD)",
    tag,
    auth: "required",
    body: ZDeleteAccount,
    responses: { 204: null, 401: err, 403: err },
  }),
];
