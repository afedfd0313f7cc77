import { z } from "zod";
import { inviteToWorkspace } from "../../domain/identity/invitations";
import { getMailer } from "../../domain/identity/mailer";
import { publicOrigin } from "../../http/public-url";
import { consume, getRateLimiters } from "../../rate-limit";
import { email } from "../shared/schemas";
import { invitationResource, toInvitationResource } from "./schemas";
import { ownerProcedure } from "./owner-procedure";

export const inviteMemberProcedure = ownerProcedure
  .meta({
    successStatus: 202,
    errors: ["INSUFFICIENT_SCOPE", "DOMAIN_CONSTRAINT_VIOLATION"],
    openapi: {
      method: "POST",
      path: "/api/v1/workspace/members",
      operationId: "inviteMember",
      tags: ["members"],
      summary: "Invite someone to the workspace by e-mail (owner only)",
      description:
        "Creates (or renews) an invitation that the account with this address accepts with " +
        "POST /api/v1/auth/invitations/{id}/accept, and e-mails the address a link to the dashboard. Answers 202 with " +
        "the same invitation whether or not an account uses the address; nobody becomes a member without accepting. " +
        "422 when the address belongs to a member already; 429 after 20 invitations per hour.",
    },
  })
  .input(z.object({ email: email.describe("The address to invite; whoever signs in with it can accept.") }))
  .output(z.object({ data: invitationResource.describe("The invitation, new or renewed (status pending).") }))
  .mutation(async ({ ctx, input }) => {
    await consume(getRateLimiters().invitations, `user:${ctx.caller.user.id}`);
    const invitation = await inviteToWorkspace(ctx.db, getMailer(), ctx.caller, {
      email: input.email,
      origin: publicOrigin(),
    });
    return { data: toInvitationResource(invitation) };
  });
