import { createHash, randomUUID } from "node:crypto";
import type { Db } from "../../db";
import type { IdempotencyRecord } from "../../db/generated/prisma/client";
import { AppError, ERROR_TABLE, type ErrorCode } from "../../errors";

/**
 * Safe retries for writes (CONTRACT "Idempotency"). A key is claimed with an in-progress record
 * before the effect runs; the effect and the record's completion commit in one transaction, so a
 * response is stored exactly when its effect happened. A claim whose holder crashed expires after
 * CLAIM_LEASE_MS and a retry takes it over; a holder that lost its lease rolls its effect back.
 */

export const KEY_MIN_LENGTH = 16;
export const KEY_MAX_LENGTH = 128;
export const RETENTION_MS = 24 * 60 * 60 * 1000;
export const CLAIM_LEASE_MS = 60 * 1000;

/** How long a write's transaction may run (within its claim's lease) and wait for a connection. */
export const WRITE_TRANSACTION_OPTIONS = { timeout: CLAIM_LEASE_MS - 5_000, maxWait: 10_000 } as const;
const CLEANUP_INTERVAL_MS = 60 * 1000;

/** Where a key is unique (the CONTRACT's "scope of a key"; not a permission): one user, workspace and operation. */
export interface IdempotencyKeySpace {
  userId: string;
  workspaceId: string;
  /** The operation, e.g. "POST /api/v1/programmatic/transaction-templates". */
  endpoint: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentOutcome extends StoredResponse {
  replayed: boolean;
}

/** Printable ASCII without spaces. */
export const KEY_PATTERN = /^[\x21-\x7e]+$/;

/** Printable ASCII without spaces, 16 to 128 characters. */
export function validateIdempotencyKey(key: string | null | undefined): string {
  if (!key) throw new AppError("IDEMPOTENCY_KEY_INVALID", "The Idempotency-Key header is required for this request.");
  if (key.length < KEY_MIN_LENGTH || key.length > KEY_MAX_LENGTH) {
    throw new AppError(
      "IDEMPOTENCY_KEY_INVALID",
      `The Idempotency-Key header must be ${KEY_MIN_LENGTH} to ${KEY_MAX_LENGTH} characters; it has ${key.length}.`,
    );
  }
  if (!KEY_PATTERN.test(key)) {
    throw new AppError(
      "IDEMPOTENCY_KEY_INVALID",
      "The Idempotency-Key header may only hold printable ASCII characters without spaces.",
    );
  }
  return key;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** SHA-256 of the request's identifying parts, independent of JSON key order. */
export function fingerprintOf(parts: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(parts)))
    .digest("hex");
}

type Claim = { kind: "claimed"; id: string; lease: Date } | { kind: "replay"; response: StoredResponse };

let lastCleanup = 0;

/** Deletes records past their 24 hours; runs at most once a minute per process. */
export async function deleteExpiredRecords(db: Db, now = new Date()): Promise<number> {
  lastCleanup = now.getTime();
  const result = await db.prisma.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
  return result.count;
}

/**
 * What an unexpired record with this key answers a request: its stored response when completed;
 * null when in progress but past its lease (a retry may take it over). Refuses another request with
 * the key, and a retry while the holder's lease runs.
 */
function storedAnswer(existing: IdempotencyRecord, fingerprint: string, now: Date): StoredResponse | null {
  if (existing.fingerprint !== fingerprint) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used for a different request.");
  }
  if (existing.state === "completed") return { status: existing.responseStatus ?? 200, body: existing.responseBody };
  if (existing.lockedUntil && existing.lockedUntil > now) {
    throw new AppError(
      "IDEMPOTENCY_KEY_IN_PROGRESS",
      "A request with this Idempotency-Key is still being processed; retry shortly.",
    );
  }
  return null;
}

/**
 * A retry's answer before any work, without claiming the key: for a write that reads a lot before
 * it can claim (an upload parses its file first), so a replay answers from its record. Null when
 * the key is new, expired or free to take over: the write then runs through runIdempotent, which
 * decides again under its claim.
 */
export async function earlierAnswer(
  db: Db,
  space: IdempotencyKeySpace,
  key: string,
  fingerprint: string,
  now = new Date(),
): Promise<IdempotentOutcome | null> {
  const existing = await db.prisma.idempotencyRecord.findUnique({
    where: { userId_workspaceId_endpoint_key: { ...space, key } },
  });
  if (!existing || existing.expiresAt <= now) return null;
  const stored = storedAnswer(existing, fingerprint, now);
  return stored ? replayOf(stored) : null;
}

/** A stored answer given again: the same response, or the same refusal (with the replay header). */
function replayOf(response: StoredResponse): IdempotentOutcome {
  if (isStoredError(response.body)) {
    throw new AppError(response.body.error.code, response.body.error.message, { "Idempotent-Replayed": "true" });
  }
  return { ...response, replayed: true };
}

async function claim(db: Db, space: IdempotencyKeySpace, key: string, fingerprint: string, now: Date): Promise<Claim> {
  const unique = { userId_workspaceId_endpoint_key: { ...space, key } };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const id = randomUUID();
    const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
    const inserted = await db.prisma.idempotencyRecord.createMany({
      data: [{ id, ...space, key, fingerprint, lockedUntil: lease, expiresAt: new Date(now.getTime() + RETENTION_MS) }],
      skipDuplicates: true,
    });
    if (inserted.count === 1) return { kind: "claimed", id, lease };

    const existing = await db.prisma.idempotencyRecord.findUnique({ where: unique });
    if (!existing) continue;
    if (existing.expiresAt <= now) {
      await db.prisma.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: now } } });
      continue;
    }
    const stored = storedAnswer(existing, fingerprint, now);
    if (stored) return { kind: "replay", response: stored };
    // The first holder stopped (crashed) without finishing: take the claim over with a new lease.
    const taken = await db.prisma.idempotencyRecord.updateMany({
      where: { id: existing.id, state: "in_progress", lockedUntil: existing.lockedUntil },
      data: { lockedUntil: lease },
    });
    if (taken.count === 1) return { kind: "claimed", id: existing.id, lease };
    throw new AppError(
      "IDEMPOTENCY_KEY_IN_PROGRESS",
      "A request with this Idempotency-Key is still being processed; retry shortly.",
    );
  }
  throw new AppError(
    "IDEMPOTENCY_KEY_IN_PROGRESS",
    "A request with this Idempotency-Key is still being processed; retry shortly.",
  );
}

/** The stored form of a domain error, replayed as the same error. */
interface StoredError {
  error: { code: ErrorCode; message: string };
}

function isStoredError(body: unknown): body is StoredError {
  return (
    typeof body === "object" &&
    body !== null &&
    "error" in body &&
    typeof (body as StoredError).error?.code === "string"
  );
}

/**
 * Runs `effect` once per (key space, key): a retry with the same fingerprint gets the stored
 * response (or the same 4xx error) without a second effect.
 */
export async function runIdempotent(
  db: Db,
  space: IdempotencyKeySpace,
  key: string,
  fingerprint: string,
  effect: (tx: Db) => Promise<StoredResponse>,
  now = new Date(),
): Promise<IdempotentOutcome> {
  if (now.getTime() - lastCleanup > CLEANUP_INTERVAL_MS) await deleteExpiredRecords(db, now);
  const claimed = await claim(db, space, key, fingerprint, now);
  if (claimed.kind === "replay") return replayOf(claimed.response);

  // The body goes in as one JSON text: given as objects, Prisma walks and re-encodes every value,
  // which takes seconds for an upload's answer with a 100k-row preview.
  const complete = async (tx: Db, response: StoredResponse) => ({
    count: await tx.prisma.$executeRaw`
      UPDATE idempotency_records
         SET state = 'completed', response_status = ${response.status}, response_body = ${JSON.stringify(response.body)}::jsonb,
             completed_at = ${new Date()}, locked_until = NULL
       WHERE id = ${claimed.id}::uuid AND state = 'in_progress' AND locked_until = ${claimed.lease}`,
  });

  try {
    const response = await db.transaction(async (tx) => {
      const result = await effect(tx);
      if ((await complete(tx, result)).count !== 1) {
        throw new Error("idempotency claim lost before completion; the effect was rolled back");
      }
      return result;
    }, WRITE_TRANSACTION_OPTIONS);
    return { ...response, replayed: false };
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && ERROR_TABLE[error.code].status !== 429) {
      // A refused request is an answer too: the retry gets the same error, with no effect either time.
      await complete(db, { status: error.status, body: { error: { code: error.code, message: error.message } } });
    } else {
      // Nothing was stored: free the key so a retry can run the request again.
      await db.prisma.idempotencyRecord.deleteMany({
        where: { id: claimed.id, state: "in_progress", lockedUntil: claimed.lease },
      });
    }
    throw error;
  }
}
