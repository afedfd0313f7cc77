import { z } from "zod";
import { listCredentials } from "../../domain/identity/credentials";
import { sessionProcedure } from "../../trpc/builders";
import { pageInput, pageMeta, pageMetaOf } from "../shared/schemas";
import { credentialResource, toCredentialResource } from "./schemas";

export const listCredentialsProcedure = sessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic-access/credentials",
      operationId: "listCredentials",
      tags: ["credentials"],
      summary: "List your credentials (never their tokens), newest first",
      description:
        "Every credential of the signed-in user, of both audiences and every workspace, with its status; page mode (page, limit).",
    },
  })
  .input(z.object(pageInput))
  .output(
    z.object({
      data: z
        .array(credentialResource)
        .describe("One page of your credentials of every audience and workspace, newest first."),
      meta: pageMeta.describe("Where this page is in the list."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const { items, total } = await listCredentials(ctx.db, ctx.caller, input);
    return { data: items.map(toCredentialResource), meta: pageMetaOf(input.page, input.limit, total) };
  });
