import { z } from "zod";
import type { WebhookEndpoint } from "../../db/generated/prisma/client";
import { DELIVERY_STATUSES } from "../../domain/webhooks/deliveries";
import { MAX_ENDPOINTS } from "../../domain/webhooks/endpoints";
import { WEBHOOK_EVENT_TYPES } from "../../domain/webhooks/events";
import { MAX_WEBHOOK_URL_LENGTH } from "../../domain/webhooks/target-address";
import { iso, resource, timestamp } from "../shared/schemas";

/** The webhook resources as the API reads and shows them (issue 33; docs/api.md "Webhooks"). */

const url = z
  .string()
  .trim()
  .min(1)
  .max(MAX_WEBHOOK_URL_LENGTH, `must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .describe(
    "Where events are POSTed: an absolute https:// URL (at most 2,000 characters, no user name or password) whose host " +
      "resolves to public addresses only; loopback, private, link-local and metadata addresses are refused.",
  );

/** Event names are checked by the domain, so a wrong one is 400 naming it among the events (not a schema enum error per item). */
const events = z
  .array(z.string().max(100))
  .min(1, "must name at least one event")
  .max(50)
  .describe(`The events it is sent, at least one of: ${WEBHOOK_EVENT_TYPES.join(", ")}.`);

const description = z
  .string()
  .trim()
  .max(500)
  .describe("A note to recognise the endpoint by (at most 500 characters).");

export const createWebhookInput = z.strictObject({
  url,
  events,
  description: description.optional(),
  enabled: z.boolean().optional().describe("Whether it is sent events (default true)."),
});

export const updateWebhookInput = z.strictObject({
  id: z.uuid().describe("The endpoint's id."),
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  enabled: z
    .boolean()
    .optional()
    .describe("false stops new events reaching it; true enables it again (also after the service disabled it)."),
});

const endpointAttributes = z.object({
  url: z.string().describe("Where events are POSTed."),
  description: z.string().describe("The endpoint's note."),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe("The events it is sent."),
  enabled: z.boolean().describe("Whether it is sent events now."),
  disabled_reason: z
    .enum(["failing", "by_request"])
    .nullable()
    .describe("Why it is disabled: failing (every delivery failed for 5 days) or by_request; null while enabled."),
  disabled_at: timestamp.nullable().describe("When it was disabled; null while enabled."),
  failing_since: timestamp
    .nullable()
    .describe("Since when every delivery attempt to it has failed; null after a success (5 days of it disable it)."),
  previous_secret_expires_at: timestamp
    .nullable()
    .describe("After a rotation: until when the previous secret signs too; null otherwise."),
  created_at: timestamp.describe("When it was created."),
  updated_at: timestamp.describe("When it last changed."),
});

export const webhookResource = resource("webhook_endpoints", endpointAttributes).meta({
  id: "WebhookEndpoint",
  description: `A receiver of the workspace's events (at most ${MAX_ENDPOINTS} a workspace).`,
});

export const webhookWithSecret = resource(
  "webhook_endpoints",
  endpointAttributes.extend({
    secret: z
      .string()
      .describe(
        "The signing secret (whsec_...), shown in this answer only: verify each delivery's webhook-signature with it " +
          "(Standard Webhooks libraries take it as it is).",
      ),
  }),
).meta({ id: "WebhookEndpointWithSecret", description: "A webhook endpoint with its new signing secret, shown once." });

function attributesOf(endpoint: WebhookEndpoint): z.infer<typeof endpointAttributes> {
  return {
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events as z.infer<typeof endpointAttributes>["events"],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason as "failing" | "by_request" | null,
    disabled_at: iso(endpoint.disabledAt),
    failing_since: iso(endpoint.failingSince),
    previous_secret_expires_at: iso(endpoint.previousSecretExpiresAt),
    created_at: iso(endpoint.createdAt),
    updated_at: iso(endpoint.updatedAt),
  };
}

export function webhookView(endpoint: WebhookEndpoint): z.infer<typeof webhookResource> {
  return { type: "webhook_endpoints", id: endpoint.id, attributes: attributesOf(endpoint) };
}

export function webhookWithSecretView(endpoint: WebhookEndpoint, secret: string): z.infer<typeof webhookWithSecret> {
  return { type: "webhook_endpoints", id: endpoint.id, attributes: { ...attributesOf(endpoint), secret } };
}

export const deliveryStatus = z.enum(DELIVERY_STATUSES);

export const deliveryResource = z
  .object({
    id: z.uuid().describe("The delivery's id (for .../deliveries/{delivery_id}/retry)."),
    endpoint_id: z.uuid().describe("The endpoint it goes to."),
    webhook_id: z.string().describe("The event's webhook-id header: the same on every attempt, for de-duplication."),
    event_type: z.string().describe("The event's type (ping for a test event)."),
    status: deliveryStatus.describe(
      "pending (waiting for its next attempt), succeeded (a 2xx answer) or failed (no 2xx after the last retry).",
    ),
    attempts: z.number().int().describe("Attempts made so far."),
    created_at: timestamp.describe("When the event was queued for this endpoint."),
    last_attempt_at: timestamp.nullable().describe("When the last attempt began; null before the first."),
    response_status: z
      .number()
      .int()
      .nullable()
      .describe("The last attempt's HTTP status; null when no answer came (refused, timed out, unreachable)."),
    latency_ms: z.number().int().nullable().describe("How long the last attempt took, in milliseconds."),
    error: z.string().nullable().describe("Why the last attempt failed, in words; null after a success."),
    next_attempt_at: timestamp.nullable().describe("When it is tried next while pending; null otherwise."),
    delivered_at: timestamp.nullable().describe("When a 2xx answer came; null otherwise."),
  })
  .meta({ id: "WebhookDelivery", description: "One event sent (or to be sent) to one endpoint, and how it went." });

export const endpointIdInput = { id: z.uuid().describe("The endpoint's id.") };
