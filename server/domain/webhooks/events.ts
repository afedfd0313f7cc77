/**
 * The events a webhook endpoint can be sent (issue 33), each body `{type, timestamp, workspace_id,
 * data}`. An event is written in the database transaction of the change it reports
 * (`webhook_emit`, migration webhooks): the transactions.* events by statement triggers on the
 * transactions table, whatever wrote them, one event per write; the others here, by the code that
 * makes the change; budget.exceeded and insight.created by looking at the workspace after its data
 * changed (derived-events.ts).
 */
import type { Db } from "../../db";

export const WEBHOOK_EVENT_TYPES = [
  "import.parsed",
  "import.completed",
  "import.failed",
  "import.reverted",
  "transactions.created",
  "transactions.updated",
  "transactions.deleted",
  "budget.exceeded",
  "insight.created",
  "credential.revoked",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event POST /webhooks/{id}/test sends: to that endpoint only, whatever it subscribes to. */
export const PING_EVENT = "ping";

/** What each event's `data` holds (docs/api.md "Webhooks" and the OpenAPI document's `webhooks`). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "import.parsed":
    "An uploaded statement was read (or read again) and its preview is ready: data {import_id, account_id, status, " +
    "total_rows, error_count, preview_version}.",
  "import.completed":
    "A confirmed import booked its transactions: data {import_id, account_id, imported_count, skipped_count, error_count}.",
  "import.failed":
    "A confirmed import could not be booked, for the last time (an unreadable upload is refused at once and makes no " +
    "import): data {import_id, account_id, error_message}.",
  "import.reverted":
    "A completed import was undone and its transactions deleted: data {import_id, account_id, deleted_count}.",
  "transactions.created":
    "Transactions were created by one write (the API, the dashboard, an import, a template or a restore): data {ids, count}; " +
    "at most 1,000 ids, with ids_truncated true when there were more (read them with a since delta).",
  "transactions.updated":
    "Transactions were changed by one write (including a categorisation rule applied to them): data {ids, count}, as for created.",
  "transactions.deleted":
    "Transactions were deleted by one write (including an import reverted or an account deleted): data {ids, count}, as for created.",
  "budget.exceeded":
    "An active budget's spending went over what its period has available (once per budget and period): data {budget_id, " +
    "name, period_start, period_end, available, spent, currency_code}.",
  "insight.created":
    "The month's insights hold one that was not there before (an anomaly, an upcoming bill, ...): data {insight_id, " +
    "type, priority, period, triggered_at}; read it at GET /insights/{id}.",
  "credential.revoked": "An access token of the workspace was revoked: data {credential_id, name, audience, reason}.",
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * Writes an event of the workspace in the caller's transaction (so it commits with the change, or
 * not at all), with a delivery to each enabled endpoint sent its type; nothing when there is none.
 */
export async function emitWebhookEvent(
  db: Db,
  workspaceId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
): Promise<void> {
  await db.sql.query("SELECT webhook_emit($1::uuid, $2, $3::jsonb, false) AS deliveries", [
    workspaceId,
    type,
    JSON.stringify(data),
  ]);
}
