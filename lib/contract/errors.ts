import { z } from "zod";

/**
 * Every machine code an error answer can carry, with its HTTP status: the one place where a code
 * becomes a status. Services throw a code (`new AppError("SLOT_TAKEN")`); the handler answers the
 * status written here. A code's message is its key in locales/<lng>/errors.json (or a key the thrower
 * names). OpenAPI lists these codes as the enum of the error body's `code`.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  INVALID_TOKEN: 400,
  WRONG_PASSWORD: 400,
  PASSWORD_REQUIRED: 400,
  // 401, 403, 404, 405
  UNAUTHORIZED: 401,
  LOGIN_FAILED: 401,
  FORBIDDEN: 403,
  NOT_SHOP_STAFF: 403,
  STAFF_PERMISSION: 403,
  NOT_OF_SHOP: 403,
  NOTE_NOT_OWN: 403,
  NOT_FOUND: 404,
  CEP_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  // 409: the state of things is in the way
  SLOT_TAKEN: 409,
  ALREADY_RATED: 409,
  EMAIL_IN_USE: 409,
  PHONE_IN_USE: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  LAST_OWNER: 409,
  BARBER_ALREADY_LINKED: 409,
  SHOP_NAME_TAKEN: 409,
  SHOP_PUBLISHED: 409,
  BOOKINGS_IN_THE_WAY: 409,
  INVITATION_PENDING: 409,
  ALREADY_ON_TEAM: 409,
  INVITATION_USED: 409,
  INVITATION_REVOKED: 409,
  REVIEW_ANSWERED: 409,
  // 410: it was there and is no longer
  INVITATION_EXPIRED: 410,
  BOOKING_CANCELLED: 409,
  BLOCK_OVER_BOOKINGS: 409,
  // 413, 415
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 422: well-formed, but the domain says no
  ALERTS_NO_PHONE: 422,
  PUSH_OFF: 422,
  PUSH_ENDPOINT: 422,
  INVALID_TRANSITION: 422,
  NOT_COMPLETED: 422,
  IDEMPOTENCY_CONFLICT: 422,
  BARBER_NOT_IN_SHOP: 422,
  SERVICE_NOT_AVAILABLE: 422,
  SERVICE_NOT_PERFORMED: 422,
  PRODUCT_NOT_AVAILABLE: 422,
  DATE_IN_PAST: 422,
  TIME_NOT_OFFERED: 422,
  BEYOND_BOOKING_HORIZON: 422,
  WAITLIST_DAY_HAS_TIMES: 422,
  WAITLIST_DAY_CLOSED: 422,
  REBOOK_NO_CHANNEL: 422,
  REBOOK_DATE_PASSED: 422,
  SHOP_UPCOMING_LIMIT: 422,
  UPCOMING_LIMIT: 422,
  INVALID_PHONE: 422,
  INVALID_CODE: 422,
  EMAIL_UNCHANGED: 422,
  INVALID_IMAGE: 422,
  IMAGE_TOO_MANY_PIXELS: 422,
  BARBER_LINK_REQUIRED: 422,
  PIN_FAR_FROM_CITY: 422,
  NOT_READY_TO_PUBLISH: 422,
  TOO_MANY_PHOTOS: 422,
  HOURS_INVALID: 422,
  RESOLUTION_INVALID: 422,
  AGENDA_STATUS_NOT_NOW: 422,
  // 428: the same request again with a proof (the guest's phone code)
  PHONE_VERIFICATION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  // WhatsApp codes to this destination prefix, or to anyone, have used up the hour's budget
  WHATSAPP_SEND_LIMIT: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, number>;

export type TErrorCode = keyof typeof ERROR_STATUS;
export const ZErrorCode = z.enum(Object.keys(ERROR_STATUS) as [TErrorCode, ...TErrorCode[]]);

export const statusOf = (code: TErrorCode): number => ERROR_STATUS[code];
