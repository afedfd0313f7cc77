import { z } from "zod";
import { getCredential } from "../../domain/identity/credentials";
import { patProcedure } from "../../trpc/builders";
import { credentialResource, toCredentialResource } from "./schemas";

export const currentCredentialProcedure = patProcedure(null)
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic-access/credentials/current",
      operationId: "getCurrentCredential",
      tags: ["credentials"],
      summary: "The calling personal access token: its scopes, workspace and expiry",
      description: "Lets a script check its token before using it. Needs no particular scope.",
    },
  })
  .input(z.void())
  .output(z.object({ data: credentialResource.describe("The credential the request was made with.") }))
  .query(async ({ ctx }) => ({
    data: toCredentialResource(await getCredential(ctx.db, ctx.caller.user.id, ctx.caller.credentialId)),
  }));
