import { z } from "zod";
import { paginationConflict } from "../../domain/pagination";
import { listDeliveries, retryDelivery, sendTestEvent } from "../../domain/webhooks/deliveries";
import { kickWebhookWorker } from "../../jobs/webhook-worker";
import { workspaceProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";
import { keysetListMeta, listInput, listMeta } from "../shared/list";
import { deliveryResource, deliveryStatus, endpointIdInput } from "./schemas";

export const listWebhookDeliveriesProcedure = workspaceProcedure("webhooks:read")
  .meta({
    tool: "list_webhook_deliveries",
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/webhooks/{id}/deliveries",
      operationId: "listWebhookDeliveries",
      tags: ["webhooks"],
      summary: "List a webhook endpoint's deliveries (extension)",
      description:
        "Newest first (created_at, then id), optionally of one status; page or cursor mode. Each says how its last " +
        "attempt went (status code, latency, error) and when the next one is due.",
    },
  })
  .input(
    z.object({
      ...endpointIdInput,
      ...listInput,
      status: deliveryStatus.meta({ description: "Only deliveries in this status." }).optional(),
    }),
  )
  .output(
    z.object({
      data: z.array(deliveryResource).describe("One page of deliveries, newest first."),
      meta: listMeta.describe("Where this page is in the list, and the cursor of the next one."),
    }),
  )
  .query(async ({ ctx, input }) => {
    if (input.page !== undefined && input.cursor !== undefined) throw paginationConflict();
    const query = { page: input.page ?? 1, cursor: input.cursor, limit: input.limit, status: input.status };
    const { items, total, nextCursor } = await listDeliveries(callerContext(ctx), input.id, query);
    return { data: items, meta: keysetListMeta(query, { total, nextCursor }) };
  });

export const retryWebhookDeliveryProcedure = workspaceProcedure("webhooks:write")
  .meta({
    successStatus: 202,
    notOn: { mcp: "webhook deliveries are retried from the REST API and the dashboard" },
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/webhooks/{id}/deliveries/{delivery_id}/retry",
      operationId: "retryWebhookDelivery",
      tags: ["webhooks"],
      summary: "Send a delivery again (extension)",
      description:
        "202: the delivery is sent again now with the same webhook-id and body. A failed or succeeded one gets one attempt " +
        "(failed again if it fails); a pending one is moved up to now. 422 while the endpoint is disabled.",
    },
  })
  .input(z.object({ ...endpointIdInput, delivery_id: z.uuid().describe("The delivery's id.") }))
  .output(z.object({ data: deliveryResource.describe("The delivery, pending.") }))
  .mutation(async ({ ctx, input }) => {
    const data = await retryDelivery(callerContext(ctx), input.id, input.delivery_id);
    kickWebhookWorker();
    return { data };
  });

export const testWebhookProcedure = workspaceProcedure("webhooks:write")
  .meta({
    successStatus: 202,
    notOn: { mcp: "test events are sent from the REST API and the dashboard" },
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/webhooks/{id}/test",
      operationId: "testWebhook",
      tags: ["webhooks"],
      summary: "Send a test event (extension)",
      description:
        "202: a ping event ({type: ping, data: {endpoint_id, message}}) is sent to this endpoint now, signed like any other " +
        "(also to a disabled endpoint; one attempt, no retries). Follow it in the deliveries list.",
    },
  })
  .input(z.object(endpointIdInput))
  .output(z.object({ data: deliveryResource.describe("The test event's delivery, pending.") }))
  .mutation(async ({ ctx, input }) => {
    const data = await ctx.db.transaction((tx) => sendTestEvent(callerContext(ctx, tx), input.id));
    kickWebhookWorker();
    return { data };
  });
