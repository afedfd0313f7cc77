import { AppError } from "../errors";
import type { RestRequest } from "./rest-request";

/**
 * Request bodies read with a cap (MAX_JSON_BODY_BYTES): a declared Content-Length over the cap is
 * refused before a byte of it is kept, and a body without one is counted while it streams and
 * refused the moment it passes the cap; either way at most 16 MiB more are read and dropped (so
 * the client can read the 413) before the connection is cut, so a hostile 600 MB body costs nothing.
 */
function tooLarge(maxBytes: number): AppError {
  // No `Connection: close`: Node would hang up while the client is still sending, and a client
  // that writes its whole body before reading would see a broken pipe instead of this answer.
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `The request body is larger than ${formatBytes(maxBytes)}; this endpoint takes JSON bodies up to that size.`,
  );
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

/** How much of a refused body is still read and dropped, so the client can read the answer. */
export const DISCARD_AFTER_REFUSAL_BYTES = 16 * 1024 * 1024;

/**
 * After a refusal, reads and drops up to `maxBytes` more (a client that sends its whole body before
 * reading the answer can then read it), then hangs up rather than read a huge body whole.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes = DISCARD_AFTER_REFUSAL_BYTES,
): Promise<void> {
  try {
    for (let dropped = 0; dropped <= maxBytes;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away
  }
}

/** Throws 413 when the request declares a body larger than `maxBytes` (the body is then dropped unread). */
export function assertDeclaredLength(request: RestRequest, maxBytes: number): void {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (Number.isFinite(declared) && declared > maxBytes) {
    if (request.body && !request.bodyUsed) void discardRest(request.body.getReader());
    throw tooLarge(maxBytes);
  }
}

/**
 * The body's stream failed: the client hung up before its Content-Length was sent, or sent a chunk
 * that is no chunk. Its ECONNRESET is the client's connection, not the database's: a 400 (which
 * reaches nobody when the connection is gone), never a 503 logged as "database unreachable".
 */
function bodyCutShort(): never {
  throw new AppError("VALIDATION_FAILED", "The request body ended before it was complete.");
}

/** The whole body as bytes, at most `maxBytes` of them (413 otherwise; the rest is dropped, not kept). */
export async function readBodyCapped(request: RestRequest, maxBytes: number): Promise<Buffer> {
  assertDeclaredLength(request, maxBytes);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(bodyCutShort);
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not cancelled at once: that would tear the connection down before the 413 is written.
      void discardRest(reader);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * The 400 for a body sent as something other than JSON (REST, MCP and tRPC alike; the contract has
 * no 415); null for JSON. `exact`: application/json itself only, as tRPC reads no other type.
 */
export function notJsonProblem(contentType: string, exact = false): AppError | null {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (exact ? type === "application/json" : JSON_TYPE.test(contentType)) return null;
  return new AppError(
    "VALIDATION_FAILED",
    `Validation failed: body: send JSON with Content-Type: application/json${contentType ? ` (got ${contentType.split(";")[0]})` : ""}`,
  );
}

/** What the REST adapter hands on: a body it can always parse, and what was wrong with the one sent. */
export interface PreparedJsonBody {
  /** JSON text: the body sent, or "{}" for an empty one and for one with a problem. */
  text: string;
  /** Answered 400 after authentication (Context.bodyProblem); null when the body was fine. */
  problem: AppError | null;
}

/** UTF-8 that refuses bytes it cannot read (and keeps a leading BOM out of the text, as JSON parsers expect). */
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads a REST request's JSON body (capped) before the procedure sees it. An empty body counts as
 * `{}` (so `curl -X POST` on an endpoint without required fields works, and one with them names
 * them); a body that is not JSON, or not sent as JSON, becomes a problem the procedure reports after
 * authentication, in the CONTRACT's order, while the adapter is given `{}`.
 */
export async function prepareJsonBody(request: RestRequest, maxBytes: number): Promise<PreparedJsonBody> {
  const bytes = await readBodyCapped(request, maxBytes);
  const contentType = request.headers.get("content-type") ?? "";
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes);
  } catch {
    // Decoding would put U+FFFD where the bytes were: two different texts (a Latin-1 external_id) would become one.
    const problem = new AppError(
      "VALIDATION_FAILED",
      "Validation failed: body: not valid UTF-8; send JSON encoded as UTF-8",
      {},
      [{ path: [], code: "invalid_encoding", message: "not valid UTF-8; send JSON encoded as UTF-8" }],
    );
    return { text: "{}", problem };
  }
  if (text.trim() === "") return { text: "{}", problem: null };
  const problem = notJsonProblem(contentType);
  if (problem) return { text: "{}", problem };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      text: "{}",
      problem: new AppError("VALIDATION_FAILED", "Validation failed: body: not valid JSON", {}, [
        { path: [], code: "invalid_json", message: "not valid JSON" },
      ]),
    };
  }
  // Every operation's body is an object of named fields: null, false, a string or a list would be
  // read as {} (a write with its defaults taking effect) or as fields named 0, 1, 2...
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const got = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    return {
      text: "{}",
      problem: new AppError("VALIDATION_FAILED", `Validation failed: body: must be a JSON object, not ${got}`, {}, [
        { path: [], code: "invalid_type", message: `must be a JSON object, not ${got}` },
      ]),
    };
  }
  return { text, problem: null };
}
