/**
 * The document's `webhooks` (OpenAPI 3.1): each event the service POSTs to a webhook endpoint, with
 * its body's schema and the Standard Webhooks headers (docs/api.md "Webhooks").
 */
import type { OpenAPIObject } from "trpc-to-openapi";
import { PING_EVENT, WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "../domain/webhooks/events";

type Schema = Record<string, unknown>;

const uuid: Schema = { type: "string", format: "uuid" };
const count: Schema = { type: "integer", minimum: 0 };
const ids: Record<string, Schema> = {
  ids: { type: "array", items: uuid, maxItems: 1000, description: "The rows' ids, at most 1,000 (in id order)." },
  count: { ...count, description: "How many rows the write touched." },
  ids_truncated: { type: "boolean", description: "true when count is over 1,000: read the rest with a since delta." },
};

/** Each event's `data`: its fields (all present). */
const DATA: Record<string, Record<string, Schema>> = {
  "import.parsed": {
    import_id: uuid,
    account_id: uuid,
    status: { type: "string", enum: ["parsed", "needs_input"] },
    total_rows: count,
    error_count: count,
    preview_version: { type: "integer", minimum: 1 },
  },
  "import.completed": {
    import_id: uuid,
    account_id: uuid,
    imported_count: count,
    skipped_count: count,
    error_count: count,
  },
  "import.failed": { import_id: uuid, account_id: uuid, error_message: { type: "string" } },
  "import.reverted": { import_id: uuid, account_id: uuid, deleted_count: count },
  "transactions.created": ids,
  "transactions.updated": ids,
  "transactions.deleted": ids,
  "budget.exceeded": {
    budget_id: uuid,
    name: { type: "string" },
    period_start: { type: "string", format: "date" },
    period_end: { type: "string", format: "date" },
    available: { type: "string", description: "What the period has available, a decimal string." },
    spent: { type: "string", description: "What was spent in it so far, a decimal string." },
    currency_code: { type: "string" },
  },
  "insight.created": {
    insight_id: { type: "string", description: "The insight's logical id (GET /insights/{id})." },
    type: { type: "string" },
    priority: { type: "string", enum: ["high", "medium", "low"] },
    period: { type: "string", description: "The month, YYYY-MM." },
    triggered_at: { type: "string", format: "date-time" },
  },
  "credential.revoked": {
    credential_id: uuid,
    name: { type: "string" },
    audience: { type: "string", enum: ["programmatic_api", "mcp"] },
    reason: {
      type: "string",
      description: "revoked_by_owner, or why the service revoked it (a password change, say).",
    },
  },
  [PING_EVENT]: { endpoint_id: uuid, message: { type: "string" } },
};

const HEADERS = {
  "webhook-id": "The event's id (msg_...): the same on every attempt; de-duplicate by it.",
  "webhook-timestamp": "The attempt's time, Unix seconds; reject one far from your clock.",
  "webhook-signature":
    "v1, and base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{body} under the secret; two, space-separated, during a rotation.",
};

function eventOperation(type: string, description: string) {
  return {
    post: {
      operationId: `webhook_${type.replace(/\./g, "_")}`,
      summary: `${type} event`,
      description,
      tags: ["webhooks"],
      // The receiver trusts the event by its signature, not by a credential.
      security: [],
      parameters: Object.entries(HEADERS).map(([name, text]) => ({
        name,
        in: "header",
        required: true,
        description: text,
        schema: { type: "string" },
      })),
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["type", "timestamp", "workspace_id", "data"],
              properties: {
                type: { type: "string", const: type },
                timestamp: { type: "string", format: "date-time", description: "When the change was written." },
                workspace_id: uuid,
                data: { type: "object", required: Object.keys(DATA[type]!), properties: DATA[type] },
              },
            },
          },
        },
      },
      responses: {
        "200": {
          description:
            "Any 2xx within 10 s acknowledges the event; anything else is retried for about a day (5 s, 5 min, 30 min, 2 h, 5 h, 8 h, 8 h).",
        },
      },
    },
  };
}

export function webhookEvents(): NonNullable<OpenAPIObject["webhooks"]> {
  return Object.fromEntries([
    ...WEBHOOK_EVENT_TYPES.map((type) => [type, eventOperation(type, WEBHOOK_EVENT_DESCRIPTIONS[type])]),
    [PING_EVENT, eventOperation(PING_EVENT, "A test event: POST /api/v1/programmatic/webhooks/{id}/test.")],
  ]) as NonNullable<OpenAPIObject["webhooks"]>;
}
