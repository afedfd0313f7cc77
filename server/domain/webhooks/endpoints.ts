/**
 * A workspace's webhook endpoints (issue 33): at most MAX_ENDPOINTS, each a checked URL
 * (target-address.ts), the events it is sent, and a signing secret shown once at creation and at
 * each rotation; after a rotation the previous secret signs too for ROTATION_OVERLAP_MS.
 */
import { env } from "../../env";
import { AppError, validationError } from "../../errors";
import type { WebhookEndpoint } from "../../db/generated/prisma/client";
import type { WorkspaceContext } from "../workspace-context";
import { isWebhookEventType, type WebhookEventType } from "./events";
import { newSigningKey, secretOf } from "./signing";
import { checkWebhookUrlForm, resolveTarget, TargetRefused, type TargetRules } from "./target-address";

export const MAX_ENDPOINTS = 20;
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** The address rules of this process's settings. */
export function targetRules(): TargetRules {
  return { allowHttp: env.WEBHOOK_ALLOW_HTTP, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE };
}

export interface EndpointInput {
  url: string;
  events: string[];
  description?: string;
  enabled?: boolean;
}

export type EndpointChanges = Partial<EndpointInput>;

/**
 * The URL, checked in form and by the addresses its host resolves to now; 400 naming `url`. A
 * write checks it before its database transaction opens: a slow name server never holds one open.
 */
export async function checkedUrl(text: string): Promise<string> {
  const rules = targetRules();
  try {
    const url = checkWebhookUrlForm(text, rules);
    await resolveTarget(url, rules);
    return url.href;
  } catch (error) {
    if (error instanceof TargetRefused)
      throw validationError([{ path: ["url"], code: "invalid_url", message: error.message }]);
    throw error;
  }
}

/** Each event name known and given once; 400 naming the unknown ones. */
function checkedEvents(events: string[]): WebhookEventType[] {
  const unknown = events.filter((event) => !isWebhookEventType(event));
  if (unknown.length > 0)
    throw validationError([
      {
        path: ["events"],
        code: "unknown_event",
        message:
          `unknown event${unknown.length > 1 ? "s" : ""} ${unknown.map((event) => JSON.stringify(event)).join(", ")}` +
          // The test event is sent on request to one endpoint, never subscribed to.
          (unknown.includes("ping")
            ? ' ("ping" is the test event: POST .../webhooks/{id}/test sends it to any endpoint)'
            : ""),
      },
    ]);
  return [...new Set(events as WebhookEventType[])];
}

export async function listEndpoints({ db, workspace }: WorkspaceContext): Promise<WebhookEndpoint[]> {
  return db.prisma.webhookEndpoint.findMany({
    where: { workspaceId: workspace.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export async function endpointOf({ db, workspace }: WorkspaceContext, id: string): Promise<WebhookEndpoint> {
  const endpoint = await db.prisma.webhookEndpoint.findFirst({ where: { id, workspaceId: workspace.id } });
  if (!endpoint) throw new AppError("RESOURCE_NOT_FOUND", "No webhook endpoint with this id exists in your workspace.");
  return endpoint;
}

/** Creates an endpoint; the answer's `secret` is the only time the secret is shown. */
export async function createEndpoint(
  context: WorkspaceContext & { userId: string },
  input: EndpointInput,
  /** The URL as checkedUrl answered it before the transaction (else it is checked here). */
  checked?: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = checked ?? (await checkedUrl(input.url));
  const events = checkedEvents(input.events);
  const { db, workspace } = context;
  // The count and the insert under the workspace's lock: two creations at once cannot both be the 20th.
  await db.sql.query("SELECT pg_advisory_xact_lock(7242033, hashtext($1)) IS NULL AS locked", [workspace.id]);
  const count = await db.prisma.webhookEndpoint.count({ where: { workspaceId: workspace.id } });
  if (count >= MAX_ENDPOINTS)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `A workspace has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first (one endpoint can take every event).`,
    );
  const key = newSigningKey();
  const enabled = input.enabled ?? true;
  const endpoint = await db.prisma.webhookEndpoint.create({
    data: {
      workspaceId: workspace.id,
      url,
      events,
      description: input.description ?? "",
      enabled,
      disabledReason: enabled ? null : "by_request",
      disabledAt: enabled ? null : new Date(),
      secret: key,
      createdByUserId: context.userId,
    },
  });
  return { endpoint, secret: secretOf(key) };
}

/**
 * Changes the fields given. Enabling an endpoint (again) clears its failure record; disabling it
 * by request stops new events reaching it (the deliveries already queued wait until it is enabled).
 */
export async function updateEndpoint(
  context: WorkspaceContext,
  id: string,
  changes: EndpointChanges,
): Promise<WebhookEndpoint> {
  const current = await endpointOf(context, id);
  const url = changes.url === undefined || changes.url === current.url ? undefined : await checkedUrl(changes.url);
  const events = changes.events === undefined ? undefined : checkedEvents(changes.events);
  const enabling = changes.enabled === true && !current.enabled;
  const disabling = changes.enabled === false && current.enabled;
  return context.db.prisma.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      url,
      events,
      description: changes.description,
      enabled: changes.enabled,
      // A new URL is a new receiver: the failures of the old one do not count against it.
      ...(enabling || url !== undefined ? { failingSince: null } : {}),
      ...(enabling ? { disabledReason: null, disabledAt: null } : {}),
      ...(disabling ? { disabledReason: "by_request", disabledAt: new Date() } : {}),
    },
  });
}

export async function deleteEndpoint(context: WorkspaceContext, id: string): Promise<void> {
  const endpoint = await endpointOf(context, id);
  await context.db.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
}

/** A new secret, shown in this answer only; the one it replaces signs too for 24 hours. */
export async function rotateSecret(
  context: WorkspaceContext,
  id: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const current = await endpointOf(context, id);
  const key = newSigningKey();
  const endpoint = await context.db.prisma.webhookEndpoint.update({
    where: { id: current.id },
    data: {
      secret: key,
      previousSecret: current.secret,
      previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
    },
  });
  return { endpoint, secret: secretOf(key) };
}

/** The keys that sign a message sent now: the current one, and the previous one while it overlaps. */
export function signingKeys(
  endpoint: Pick<WebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now = new Date(),
): string[] {
  const previousValid =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now;
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}
