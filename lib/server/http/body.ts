import "server-only";
import { AppError } from "./errors";

/**
 * Reads a request body up to `max` bytes. A larger one answers 413 as soon as the cap is passed: the
 * stream is cancelled there, so a huge or endless chunked body is never buffered or read to its end.
 * `key` names the 413's message (a photo's limit reads better than a generic one).
 */
export async function readBodyLimited(req: Request, max: number, key?: string): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", key ? { key } : {});
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > max) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
