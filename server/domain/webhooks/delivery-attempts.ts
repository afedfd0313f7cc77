/**
 * Claiming and recording delivery attempts, shared by every instance through the database: a
 * delivery due now is claimed with FOR UPDATE SKIP LOCKED (never by two instances at once) for a
 * lease; an instance that dies while sending leaves a claim that another takes over when the lease
 * ends. An outcome is recorded only by the claim that made it.
 */
import type { Db } from "../../db";
import { env } from "../../env";
import { logger } from "../../logger";
import { messageBody, webhookIdOf } from "./deliveries";
import { signingKeys } from "./endpoints";
import { PING_EVENT } from "./events";
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, retryDelayMs } from "./retry-schedule";
import type { AttemptOutcome } from "./send";
import { signedHeaders } from "./signing";

export interface ClaimedDelivery {
  id: string;
  /** The claim's time, as the database wrote it: the outcome is recorded only while it still holds. */
  lockedAt: string;
  attempts: number;
  manualRetry: boolean;
  endpointId: string;
  url: string;
  messageId: string;
  type: string;
  body: string;
  keys: string[];
}

interface ClaimRow {
  id: string;
  locked_at: string;
  attempts: number;
  manual_retry: boolean;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  message_id: string;
  type: string;
  workspace_id: string;
  created_at: string;
  data: string;
}

/** Claims up to `limit` deliveries due now, oldest due first; a ping goes out to a disabled endpoint too. */
export async function claimDeliveries(
  db: Db,
  limit: number,
  /** How long the claim keeps the deliveries from other instances: well over the 10 s an attempt may take. */
  leaseMs = env.PFA_TEST_WEBHOOK_LEASE_MS,
): Promise<ClaimedDelivery[]> {
  const rows = await db.sql.query<ClaimRow>(
    `WITH candidate AS (
       SELECT d.id FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
         JOIN webhook_messages m ON m.id = d.message_id
        WHERE d.status = 'pending' AND d.next_attempt_at <= now()
          AND (d.locked_at IS NULL OR d.locked_at < now() - make_interval(secs => $2))
          AND (e.enabled OR m.type = '${PING_EVENT}')
        ORDER BY d.next_attempt_at
        LIMIT $1
        FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d
        SET locked_at = clock_timestamp(), attempts = d.attempts + 1, last_attempt_at = clock_timestamp()
       FROM candidate c, webhook_endpoints e, webhook_messages m
      WHERE d.id = c.id AND e.id = d.endpoint_id AND m.id = d.message_id
      RETURNING d.id::text, d.locked_at::text AS locked_at, d.attempts::int AS attempts, d.manual_retry,
                e.id::text AS endpoint_id, e.url, e.secret, e.previous_secret,
                e.previous_secret_expires_at::text AS previous_secret_expires_at,
                m.id::text AS message_id, m.type, m.workspace_id::text AS workspace_id,
                to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
                m.data::text AS data`,
    [limit, leaseMs / 1000],
  );
  return rows.map((row) => ({
    id: row.id,
    lockedAt: row.locked_at,
    attempts: Number(row.attempts),
    manualRetry: row.manual_retry,
    endpointId: row.endpoint_id,
    url: row.url,
    messageId: row.message_id,
    type: row.type,
    body: messageBody({
      id: row.message_id,
      type: row.type,
      workspaceId: row.workspace_id,
      createdAt: new Date(row.created_at),
      data: JSON.parse(row.data),
    }),
    keys: signingKeys({
      secret: row.secret,
      previousSecret: row.previous_secret,
      previousSecretExpiresAt: row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null,
    }),
  }));
}

/** The Standard Webhooks headers of one attempt, timestamped now. */
export function attemptHeaders(claimed: ClaimedDelivery, now = Date.now()): Record<string, string> {
  return signedHeaders(claimed.keys, webhookIdOf(claimed.messageId), Math.floor(now / 1000), claimed.body);
}

/**
 * Records an attempt's outcome: succeeded on a 2xx (recordSuccesses); else pending again after the
 * schedule's next delay, or failed after the last attempt (or a retry asked for by hand). The
 * endpoint's failure record follows (a ping's outcome leaves it alone); 5 days of failures disable it.
 */
export async function recordOutcome(
  db: Db,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
  /** PFA_TEST_WEBHOOK_TIME_SCALE: the retry delays and the 5 days, shortened in tests. */
  scale = env.PFA_TEST_WEBHOOK_TIME_SCALE,
): Promise<void> {
  if (outcome.ok) return recordSuccesses(db, [{ claimed, outcome }]);
  const delay = claimed.manualRetry ? null : retryDelayMs(claimed.attempts, scale);
  const final = delay === null || claimed.attempts >= MAX_ATTEMPTS;
  await db.transaction(async (tx) => {
    const recorded = await tx.sql.query<{ id: string }>(
      `UPDATE webhook_deliveries
          SET status = $3, locked_at = NULL, manual_retry = false,
              next_attempt_at = CASE WHEN $3 = 'pending' THEN clock_timestamp() + make_interval(secs => $4) END,
              last_response_status = $5, last_latency_ms = $6, last_error = $7
        WHERE id = $1::uuid AND locked_at = $2::timestamptz
        RETURNING id::text`,
      [
        claimed.id,
        claimed.lockedAt,
        final ? "failed" : "pending",
        (delay ?? 0) / 1000,
        outcome.status,
        outcome.latencyMs,
        outcome.error?.slice(0, 500) ?? null,
      ],
    );
    // Taken over by another instance after the lease ended: its outcome is the one that counts.
    if (recorded.length === 0 || claimed.type === PING_EVENT) return;
    // Whether this failure is the one that ends 5 days of them, decided once on the locked row.
    const disabled = await tx.sql.query<{ disabled: boolean }>(
      `WITH before AS (
         SELECT id AS endpoint,
                enabled AND COALESCE(failing_since, $2::timestamptz) < now() - make_interval(secs => $3) AS disable
           FROM webhook_endpoints WHERE id = $1::uuid FOR UPDATE)
       UPDATE webhook_endpoints
          SET failing_since = COALESCE(failing_since, $2::timestamptz),
              enabled = enabled AND NOT before.disable,
              disabled_reason = CASE WHEN before.disable THEN 'failing' ELSE disabled_reason END,
              disabled_at = CASE WHEN before.disable THEN now() ELSE disabled_at END
         FROM before WHERE webhook_endpoints.id = before.endpoint
        RETURNING before.disable AS disabled`,
      [claimed.endpointId, claimed.lockedAt, (DISABLE_AFTER_FAILING_MS * scale) / 1000],
    );
    if (disabled[0]?.disabled)
      logger.warn(
        { webhookEndpointId: claimed.endpointId },
        "webhook endpoint disabled: every delivery to it has failed for 5 days",
      );
  });
}

/**
 * Records successful attempts together, in two statements whatever their number (the sender's
 * common case, batched so that a busy instance spends its database time on sending): each
 * delivery succeeded while its claim holds, and its endpoint's failure record cleared (a ping's
 * excepted).
 */
export async function recordSuccesses(
  db: Db,
  succeeded: ReadonlyArray<{ claimed: ClaimedDelivery; outcome: AttemptOutcome }>,
): Promise<void> {
  if (succeeded.length === 0) return;
  const recorded = await db.sql.query<{ endpoint_id: string }>(
    `UPDATE webhook_deliveries d
        SET status = 'succeeded', locked_at = NULL, manual_retry = false, next_attempt_at = NULL,
            delivered_at = clock_timestamp(), last_response_status = v.status, last_latency_ms = v.latency,
            last_error = NULL
       FROM unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::text[]) AS v(id, locked_at, status, latency, type)
      WHERE d.id = v.id AND d.locked_at = v.locked_at
      RETURNING CASE WHEN v.type <> '${PING_EVENT}' THEN d.endpoint_id::text END AS endpoint_id`,
    [
      succeeded.map(({ claimed }) => claimed.id),
      succeeded.map(({ claimed }) => claimed.lockedAt),
      succeeded.map(({ outcome }) => outcome.status),
      succeeded.map(({ outcome }) => outcome.latencyMs),
      succeeded.map(({ claimed }) => claimed.type),
    ],
  );
  const endpoints = [...new Set(recorded.flatMap((row) => (row.endpoint_id ? [row.endpoint_id] : [])))];
  if (endpoints.length > 0)
    await db.sql.query(
      `UPDATE webhook_endpoints SET failing_since = NULL
        WHERE id = ANY($1::uuid[]) AND failing_since IS NOT NULL RETURNING id::text`,
      [endpoints],
    );
}

/** Gives a claim back untried (a shutdown stopped the attempt): due at once, its attempt not counted. */
export async function releaseClaim(db: Db, claimed: ClaimedDelivery): Promise<void> {
  await db.sql.query(
    `UPDATE webhook_deliveries SET locked_at = NULL, attempts = attempts - 1
      WHERE id = $1::uuid AND locked_at = $2::timestamptz RETURNING id::text`,
    [claimed.id, claimed.lockedAt],
  );
}
