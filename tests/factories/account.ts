// Factories for account tests: clients with a real password, and calls to the v3 handlers.
import { NextRequest } from "next/server";
import { hashPassword } from "@/lib/server/auth/password";
import { sessionToken, startSession } from "@/lib/server/auth/session";
import type { Db } from "@/lib/server/db/client";
import { users } from "@/lib/server/db/schema";

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 6)}`;
let phoneSeq = Math.floor(Math.random() * 9_000_000);

/**
 * A mobile as E.164 and as the pages mask it. Each next one starts with other digits (a step of 1,000,003), so
 * that many of them are spread over many destination prefixes, as the people of a town are.
 */
export function freshPhone(): { e164: string; masked: string } {
  const n = String(10_000_000 + ((phoneSeq++ * 1_000_003) % 89_999_999)).slice(0, 8);
  return { e164: `+55119${n}`, masked: `(11) 9${n.slice(0, 4)}-${n.slice(4)}` };
}

export const PASSWORD = "s3nha-forte";
let cachedHash: Promise<string> | undefined;

export async function makeAccount(db: Db, over: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password, ...rest } = over;
  const phone = freshPhone();
  const passwordHash = password ? await hashPassword(password) : await (cachedHash ??= hashPassword(PASSWORD));
  const [user] = await db
    .insert(users)
    .values({ name: "Cliente Teste", email: `c-${unique()}@example.com`, phone: phone.e164, passwordHash, ...rest })
    .returning();
  const token = await tokenFor(user);
  return { user, token, phone, password: password ?? PASSWORD };
}

/** A signed-in token for a user (a new session, as a sign-in makes). */
export async function tokenFor(user: { id: number; tokenVersion?: number }): Promise<string> {
  return sessionToken({ id: user.id, tokenVersion: user.tokenVersion ?? 0 }, await startSession(user.id));
}

/** A random caller address per test, so per-IP limits of one test do not leak into another. */
export const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export function call(url: string, init: { method?: string; body?: unknown; token?: string; ip?: string; lng?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { "accept-language": init.lng ?? "en", ...(init.headers ?? {}) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.ip) headers["x-forwarded-for"] = init.ip;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  return new NextRequest(new URL(url, "http://localhost"), { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

export const params = <P>(p: P) => ({ params: Promise.resolve(p as Record<string, string>) });
