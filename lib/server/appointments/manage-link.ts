import "server-only";
import { createHmac } from "node:crypto";
import { activeKeys, currentKey } from "@/lib/server/auth/signing-keys";
import { hashManageToken } from "./read";

function derive(secret: Uint8Array, scope: string, key: string): string {
  return createHmac("sha256", secret).update(`manage-token:${scope}:${key}`).digest("base64url");
}

/** A guest's manage token for an Idempotency-Key: a retry gets the same one without it being stored. */
export async function deriveManageToken(scope: string, key: string): Promise<string> {
  return derive((await currentKey("manage")).secret, scope, key);
}

/** On a retry: the token the first request made, even if the manage key was rotated in between. */
export async function rederiveManageToken(scope: string, key: string, storedHash: string | null): Promise<string> {
  const candidates = (await activeKeys("manage")).map((k) => derive(k.secret, scope, key));
  return candidates.find((t) => hashManageToken(t) === storedHash) ?? candidates[0];
}
