import { z } from "zod";
import { withdrawInvitation } from "../../domain/identity/invitations";
import { ownerProcedure } from "./owner-procedure";

export const withdrawInvitationProcedure = ownerProcedure
  .meta({
    successStatus: 204,
    errors: ["INSUFFICIENT_SCOPE"],
    openapi: {
      method: "DELETE",
      path: "/api/v1/workspace/invitations/{id}",
      operationId: "withdrawInvitation",
      tags: ["members"],
      summary: "Withdraw an open invitation (owner only)",
      description: "It can no longer be accepted. 404 when the workspace has no open invitation with this id.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The invitation's id, from GET /api/v1/workspace/invitations.") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await withdrawInvitation(ctx.db, ctx.caller, input.id);
  });
