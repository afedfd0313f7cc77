import { z } from "zod";
import { revokeCredential } from "../../domain/identity/credentials";
import { sessionProcedure } from "../../trpc/builders";

export const revokeCredentialProcedure = sessionProcedure
  .meta({
    successStatus: 204,
    openapi: {
      method: "DELETE",
      path: "/api/v1/programmatic-access/credentials/{id}",
      operationId: "revokeCredential",
      tags: ["credentials"],
      summary: "Revoke one of your credentials at once",
      description: "The next request with the token answers 401 TOKEN_REVOKED. 404 when the id is not one of yours.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The credential's id, from the credential list.") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await revokeCredential(ctx.db, ctx.caller, input.id);
  });
