import { z } from "zod";
import { listCredentials as listUserCredentials } from "../../domain/identity/credentials";
import { sessionProcedure } from "../../trpc";
import { pageInput, pageMeta, pageMetaOf } from "../shared/schemas";
import { credentialResource, toCredentialResource } from "./credential-output";

export const listCredentials = sessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic-access/credentials",
      operationId: "listCredentials",
      tags: ["credentials"],
      summary: "List your credentials (never their tokens), newest first",
    },
  })
  .input(z.object(pageInput))
  .output(z.object({ data: z.array(credentialResource), meta: pageMeta }))
  .query(async ({ ctx, input }) => {
    const { items, total } = await listUserCredentials(ctx.db.prisma, ctx.caller, input);
    return { data: items.map(toCredentialResource), meta: pageMetaOf(input.page, input.limit, total) };
  });
