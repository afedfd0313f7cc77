import { z } from "zod";
import { acceptInvitation } from "../../domain/identity/invitation-answers";
import { sessionProcedure } from "../../trpc/builders";
import { membershipResource, toMembershipResource } from "./schemas";

export const acceptInvitationProcedure = sessionProcedure
  .meta({
    successStatus: 201,
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/auth/invitations/{id}/accept",
      operationId: "acceptInvitation",
      tags: ["members"],
      summary: "Accept an invitation addressed to you and become a member",
      description:
        "Answers the new membership; sign in with POST /api/v1/auth/sessions and its `workspace_id` to work in the " +
        "workspace. 404 unless the invitation is pending and addressed to your e-mail address; 422 when it has expired.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The invitation's id, from GET /api/v1/auth/invitations.") }))
  .output(z.object({ data: membershipResource.describe("Your new membership (role member).") }))
  .mutation(async ({ ctx, input }) => ({
    data: toMembershipResource(await acceptInvitation(ctx.db, ctx.caller, input.id)),
  }));
