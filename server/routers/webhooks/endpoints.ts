import { z } from "zod";
import {
  checkedUrl,
  createEndpoint,
  deleteEndpoint,
  endpointOf,
  listEndpoints,
  MAX_ENDPOINTS,
  rotateSecret,
  updateEndpoint,
} from "../../domain/webhooks/endpoints";
import { idempotentWorkspaceProcedure, workspaceProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";
import { earlierWrite, idempotencyHeaders, idempotentWrite } from "../shared/idempotent";
import { pageMeta, pageMetaOf, pageModeQuery } from "../shared/schemas";
import {
  createWebhookInput,
  endpointIdInput,
  updateWebhookInput,
  webhookResource,
  webhookView,
  webhookWithSecret,
  webhookWithSecretView,
} from "./schemas";

/** The management of endpoints is the REST API's and the dashboard's; an assistant reads them (list_webhooks). */
const NOT_ON_MCP = {
  mcp: "webhook endpoints carry signing secrets and reach other systems: managed on the REST API and the dashboard",
};

export const listWebhooksProcedure = workspaceProcedure("webhooks:read")
  .meta({
    tool: "list_webhooks",
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/webhooks",
      operationId: "listWebhooks",
      tags: ["webhooks"],
      summary: "List webhook endpoints (extension)",
      description: `The workspace's webhook endpoints (at most ${MAX_ENDPOINTS}), oldest first; secrets are never shown here.`,
    },
  })
  .input(pageModeQuery({}))
  .output(
    z.object({
      data: z.array(webhookResource).describe("The endpoints on this page."),
      meta: pageMeta.describe("Where this page is in the list."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const endpoints = await listEndpoints(callerContext(ctx));
    const start = (input.page - 1) * input.limit;
    return {
      data: endpoints.slice(start, start + input.limit).map(webhookView),
      meta: pageMetaOf(input.page, input.limit, endpoints.length),
    };
  });

export const getWebhookProcedure = workspaceProcedure("webhooks:read")
  .meta({
    notOn: { mcp: "list_webhooks shows every endpoint (there are at most 20)" },
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/webhooks/{id}",
      operationId: "getWebhook",
      tags: ["webhooks"],
      summary: "Read a webhook endpoint (extension)",
      description: "One endpoint of the workspace; 404 for an id of no endpoint of yours.",
    },
  })
  .input(z.object(endpointIdInput))
  .output(z.object({ data: webhookResource.describe("The endpoint.") }))
  .query(async ({ ctx, input }) => ({ data: webhookView(await endpointOf(callerContext(ctx), input.id)) }));

export const createWebhookProcedure = idempotentWorkspaceProcedure("webhooks:write")
  .meta({
    successStatus: 201,
    notOn: NOT_ON_MCP,
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/webhooks",
      operationId: "createWebhook",
      tags: ["webhooks"],
      summary: "Create a webhook endpoint (extension)",
      description:
        "Needs an Idempotency-Key. The answer's secret (whsec_...) is shown this once: keep it to verify signatures. " +
        "400 naming url for a URL that is not absolute https, too long, or resolving to a loopback, private, link-local or " +
        `metadata address; 400 naming events for an unknown event; 422 for a ${MAX_ENDPOINTS + 1}st endpoint.`,
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(createWebhookInput)
  .output(z.object({ data: webhookWithSecret.describe("The endpoint created, with its secret.") }))
  .mutation(async ({ ctx, input }) => {
    // A retry is answered from its record; a new request's URL is resolved before the transaction opens.
    const earlier = await earlierWrite<z.infer<typeof webhookWithSecret>>(ctx, input);
    if (earlier) return { data: earlier.data };
    const url = await checkedUrl(input.url);
    const { data } = await idempotentWrite(ctx, input, async (tx) => {
      const { endpoint, secret } = await createEndpoint(callerContext(ctx, tx), input, url);
      return webhookWithSecretView(endpoint, secret);
    });
    return { data };
  });

export const updateWebhookProcedure = workspaceProcedure("webhooks:write")
  .meta({
    notOn: NOT_ON_MCP,
    openapi: {
      method: "PATCH",
      path: "/api/v1/programmatic/webhooks/{id}",
      operationId: "updateWebhook",
      tags: ["webhooks"],
      summary: "Change a webhook endpoint (extension)",
      description:
        "Only the fields given change; events are replaced as a whole. enabled: true enables an endpoint again, also one " +
        "the service disabled after 5 days of failures. The same checks as at creation.",
    },
  })
  .input(updateWebhookInput)
  .output(z.object({ data: webhookResource.describe("The endpoint as it is now.") }))
  .mutation(async ({ ctx, input: { id, ...changes } }) => ({
    data: webhookView(await updateEndpoint(callerContext(ctx), id, changes)),
  }));

export const deleteWebhookProcedure = workspaceProcedure("webhooks:write")
  .meta({
    successStatus: 204,
    notOn: NOT_ON_MCP,
    openapi: {
      method: "DELETE",
      path: "/api/v1/programmatic/webhooks/{id}",
      operationId: "deleteWebhook",
      tags: ["webhooks"],
      summary: "Delete a webhook endpoint (extension)",
      description: "Its deliveries not yet made are dropped with it. 404 afterwards.",
    },
  })
  .input(z.object(endpointIdInput))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await deleteEndpoint(callerContext(ctx), input.id);
  });

export const rotateWebhookSecretProcedure = workspaceProcedure("webhooks:write")
  .meta({
    notOn: NOT_ON_MCP,
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/webhooks/{id}/rotate-secret",
      operationId: "rotateWebhookSecret",
      tags: ["webhooks"],
      summary: "Rotate a webhook endpoint's secret (extension)",
      description:
        "A new secret, shown in this answer only. For 24 hours deliveries are signed with both (webhook-signature carries " +
        "two signatures), so the receiver can switch without losing any.",
    },
  })
  .input(z.object(endpointIdInput))
  .output(z.object({ data: webhookWithSecret.describe("The endpoint, with its new secret.") }))
  .mutation(async ({ ctx, input }) => {
    const { endpoint, secret } = await ctx.db.transaction((tx) => rotateSecret(callerContext(ctx, tx), input.id));
    return { data: webhookWithSecretView(endpoint, secret) };
  });
