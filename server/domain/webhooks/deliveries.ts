/**
 * A webhook endpoint's deliveries (issue 33): the log a person reads (newest first, by cursor or
 * page), a retry asked for by hand, and the test event. Sending them is server/jobs/webhook-worker.ts.
 */
import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { Prisma } from "../../db/generated/prisma/client";
import { newestFirstKeyset } from "../list-cursor";
import { iso } from "../time/timestamps";
import type { WorkspaceContext } from "../workspace-context";
import { endpointOf } from "./endpoints";
import { PING_EVENT } from "./events";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A transactions.* event names at most this many ids (and how many there were). */
const MAX_EVENT_IDS = 1_000;

/** The webhook-id of a message: stable across its retries, so receivers can de-duplicate. */
export function webhookIdOf(messageId: string): string {
  return `msg_${messageId}`;
}

export interface MessageRow {
  id: string;
  type: string;
  workspaceId: string;
  createdAt: Date;
  data: unknown;
}

/** The body every attempt of a message sends, the same bytes each time: `{type, timestamp, workspace_id, data}`. */
export function messageBody(message: MessageRow): string {
  let data = message.data as Record<string, unknown>;
  if (message.type.startsWith("transactions.") && Array.isArray(data.ids)) {
    const ids = data.ids as string[];
    data = { ids: ids.slice(0, MAX_EVENT_IDS), count: ids.length, ids_truncated: ids.length > MAX_EVENT_IDS };
  }
  return JSON.stringify({
    type: message.type,
    timestamp: message.createdAt.toISOString(),
    workspace_id: message.workspaceId,
    data,
  });
}

export interface DeliveryView {
  id: string;
  endpoint_id: string;
  webhook_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  response_status: number | null;
  latency_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

const withMessage = { message: { select: { type: true } } } as const;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof withMessage }>;

function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    webhook_id: webhookIdOf(row.messageId),
    event_type: row.message.type,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    created_at: iso(row.createdAt),
    last_attempt_at: iso(row.lastAttemptAt),
    response_status: row.lastResponseStatus,
    latency_ms: row.lastLatencyMs,
    error: row.lastError,
    next_attempt_at: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
  };
}

export interface DeliveryListQuery {
  page: number;
  cursor?: string;
  limit: number;
  status?: DeliveryStatus;
}

/** An endpoint's deliveries, newest first (created_at, then id). */
export async function listDeliveries(
  context: WorkspaceContext,
  endpointId: string,
  { page, cursor, limit, status }: DeliveryListQuery,
): Promise<{ items: DeliveryView[]; total: number | null; nextCursor: string | null }> {
  const endpoint = await endpointOf(context, endpointId);
  const where = { endpointId: endpoint.id, ...(status ? { status } : {}) };
  const filters = { endpointId: endpoint.id, status };
  const keyset = newestFirstKeyset("webhook_deliveries", filters, cursor);
  const { after } = keyset;
  const [rows, total] = await Promise.all([
    context.db.prisma.webhookDelivery.findMany({
      where: keyset.older ? { AND: [where, keyset.older] } : where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: after ? 0 : (page - 1) * limit,
      take: limit + 1,
      include: withMessage,
    }),
    after ? null : context.db.prisma.webhookDelivery.count({ where }),
  ]);
  const shown = rows.slice(0, limit);
  const nextCursor = keyset.nextCursor(rows, limit);
  return { items: shown.map(deliveryView), total, nextCursor };
}

async function deliveryOf(context: WorkspaceContext, endpointId: string, id: string): Promise<DeliveryRow> {
  const endpoint = await endpointOf(context, endpointId);
  const row = await context.db.prisma.webhookDelivery.findFirst({
    where: { id, endpointId: endpoint.id },
    include: withMessage,
  });
  if (!row) throw new AppError("RESOURCE_NOT_FOUND", "No delivery with this id exists for this webhook endpoint.");
  return row;
}

/**
 * Sends a delivery again now, with the same webhook-id and body: one attempt for a failed or
 * succeeded one (failed again if it fails); a pending one is moved up to now. 422 while the
 * endpoint is disabled (enable it first).
 */
export async function retryDelivery(context: WorkspaceContext, endpointId: string, id: string): Promise<DeliveryView> {
  const row = await deliveryOf(context, endpointId, id);
  const endpoint = await endpointOf(context, endpointId);
  if (!endpoint.enabled)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      "The endpoint is disabled: enable it (PATCH enabled: true) before retrying its deliveries.",
    );
  const updated = await context.db.prisma.webhookDelivery.update({
    where: { id: row.id },
    data: {
      status: "pending",
      nextAttemptAt: new Date(),
      manualRetry: row.status !== "pending",
      deliveredAt: row.status === "succeeded" ? null : undefined,
    },
    include: withMessage,
  });
  return deliveryView(updated);
}

/** A `ping` event to this endpoint only (whatever events it takes, enabled or not): its delivery. */
export async function sendTestEvent(context: WorkspaceContext, endpointId: string): Promise<DeliveryView> {
  const endpoint = await endpointOf(context, endpointId);
  const message = await context.db.prisma.webhookMessage.create({
    data: {
      workspaceId: endpoint.workspaceId,
      type: PING_EVENT,
      data: { endpoint_id: endpoint.id, message: "A test event sent from the API or the dashboard." },
    },
  });
  const delivery = await context.db.prisma.webhookDelivery.create({
    data: { messageId: message.id, endpointId: endpoint.id, workspaceId: endpoint.workspaceId, manualRetry: true },
    include: withMessage,
  });
  return deliveryView(delivery);
}

/** How long events are kept once every delivery of theirs has ended (the deliveries log reaches back this far). */
const MESSAGE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an announced budget period or insight is remembered: well past any period still shown. */
const MARK_RETENTION_MS = 400 * 24 * 60 * 60 * 1000;

/** Events whose deliveries all ended over 30 days ago (their deliveries go with them), and old marks. Returns the events deleted. */
export async function pruneWebhookHistory(db: Db, now = new Date()): Promise<number> {
  const [pruned] = await db.sql.query<{ deleted: number }>(
    `WITH gone AS (
       DELETE FROM webhook_messages m
        WHERE m.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.status = 'pending')
       RETURNING 1)
     SELECT count(*)::int AS deleted FROM gone`,
    [new Date(now.getTime() - MESSAGE_RETENTION_MS)],
  );
  await db.sql.query(
    "DELETE FROM webhook_event_marks WHERE created_at < $1 AND key NOT LIKE 'baseline:%' RETURNING 1 AS deleted",
    [new Date(now.getTime() - MARK_RETENTION_MS)],
  );
  return Number(pruned?.deleted ?? 0);
}
