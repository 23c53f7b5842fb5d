import type { AxiosError } from "axios";
import type { TErrorCode } from "@/lib/contract/errors";

// The spec's rule: a failed call shows the server's `error` string; when it is an object or
// missing, the Portuguese "an error occurred performing this action, please try again".
export const DEFAULT_ERROR_MESSAGE = "Ocorreu um erro ao realizar esta ação, por favor tente novamente.";

export function errorMessage(err: unknown): string {
  const data = (err as AxiosError<{ error?: unknown }>)?.response?.data;
  const value = data && typeof data === "object" ? (data as { error?: unknown }).error : undefined;
  return typeof value === "string" && value.trim() !== "" ? value : DEFAULT_ERROR_MESSAGE;
}

/** The contract's code of a failed call (a type-only import: the shop page's bundle carries no zod for it). */
export function errorCode(err: unknown): TErrorCode | undefined {
  const data = (err as AxiosError<{ code?: unknown }>)?.response?.data;
  const code = data && typeof data === "object" ? (data as { code?: unknown }).code : undefined;
  return typeof code === "string" ? (code as TErrorCode) : undefined;
}

/** The reference of the code an answer said was sent (428 PHONE_VERIFICATION_REQUIRED), to follow its delivery. */
export function deliveryIdOf(err: unknown): string | null {
  const data = (err as AxiosError<{ delivery_id?: unknown }>)?.response?.data;
  const id = data && typeof data === "object" ? (data as { delivery_id?: unknown }).delivery_id : undefined;
  return typeof id === "string" ? id : null;
}

export function errorStatus(err: unknown): number | undefined {
  return (err as AxiosError)?.response?.status;
}

/** A call that got no answer at all: offline, the connection dropped, or it timed out (nothing was changed, or nothing is known). */
export function isConnectionFailure(err: unknown): boolean {
  const e = err as AxiosError | undefined;
  return Boolean(e && typeof e === "object" && e.isAxiosError && !e.response);
}
