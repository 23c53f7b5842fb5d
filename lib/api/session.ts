"use client";
import { useSyncExternalStore } from "react";
import type { TUser } from "@/lib/contract/users";

// The session lives in local storage under these keys (the spec's token, user, user data and type).
export const SESSION_KEYS = { token: "token", user: "user", userData: "userData", userType: "userType" } as const;

export type Session = { token: string | null; user: TUser | null; userData: TUser | null; userType: string | null };

const EMPTY: Session = { token: null, user: null, userData: null, userType: null };
let current: Session = EMPTY;
const listeners = new Set<() => void>();
const headerListeners = new Set<(token: string | null) => void>();

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  if (value === null || value === undefined) localStorage.setItem(key, "null");
  else localStorage.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
}

function publish(next: Session) {
  current = next;
  headerListeners.forEach((fn) => fn(next.token));
  listeners.forEach((fn) => fn());
}

/** After login: token, user, user data and user type are saved locally and the header is set. */
export function saveSession(token: string, user: TUser) {
  write(SESSION_KEYS.token, token);
  write(SESSION_KEYS.user, user);
  write(SESSION_KEYS.userData, user);
  write(SESSION_KEYS.userType, user.type);
  publish({ token, user, userData: user, userType: user.type });
}

export function updateSessionUser(user: TUser) {
  if (!current.token) return;
  saveSession(current.token, user);
}

/** On load: the saved values are read back and the header is set again. */
export function restoreSession(): Session {
  if (typeof window === "undefined") return EMPTY;
  const raw = localStorage.getItem(SESSION_KEYS.token);
  const token = raw && raw !== "null" ? raw : null;
  const user = readJson<TUser>(SESSION_KEYS.user);
  const next: Session =
    token && user ? { token, user, userData: readJson<TUser>(SESSION_KEYS.userData) ?? user, userType: localStorage.getItem(SESSION_KEYS.userType) } : EMPTY;
  publish(next);
  return next;
}

/** On logout: every value is set to null. */
export function clearSession() {
  for (const key of Object.values(SESSION_KEYS)) write(key, null);
  publish(EMPTY);
}

export function getSession(): Session {
  return current;
}

/**
 * The session saved in this browser, for a user's action: the restored one, or read from storage now when the
 * restorer (an effect that runs after hydration) has not run yet, so a tap that comes first still counts as
 * signed in.
 */
export function savedSession(): Session {
  return current.token ? current : restoreSession();
}

/** Lets the API client follow the token without importing React. */
export function onTokenChange(fn: (token: string | null) => void) {
  headerListeners.add(fn);
  return () => headerListeners.delete(fn);
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, () => EMPTY);
}
