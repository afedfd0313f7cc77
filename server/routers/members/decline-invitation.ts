import { z } from "zod";
import { declineInvitation } from "../../domain/identity/invitation-answers";
import { sessionProcedure } from "../../trpc/builders";

export const declineInvitationProcedure = sessionProcedure
  .meta({
    successStatus: 204,
    openapi: {
      method: "POST",
      path: "/api/v1/auth/invitations/{id}/decline",
      operationId: "declineInvitation",
      tags: ["members"],
      summary: "Decline an invitation addressed to you",
      description: "404 unless the invitation is pending and addressed to your e-mail address.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The invitation's id, from GET /api/v1/auth/invitations.") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await declineInvitation(ctx.db, ctx.caller, input.id);
  });
