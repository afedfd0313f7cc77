import { z } from "zod";
import { listReceivedInvitations } from "../../domain/identity/invitation-answers";
import { sessionProcedure } from "../../trpc/builders";
import { receivedInvitationResource, toReceivedInvitationResource } from "./schemas";

export const receivedInvitationsProcedure = sessionProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/auth/invitations",
      operationId: "listReceivedInvitations",
      tags: ["members"],
      summary: "Invitations to other workspaces addressed to your e-mail address",
      description: "Pending invitations that have not expired, newest first, with the workspace and who sent them.",
    },
  })
  .input(z.void())
  .output(
    z.object({
      data: z
        .array(receivedInvitationResource)
        .describe("Pending, unexpired invitations addressed to you, newest first."),
    }),
  )
  .query(async ({ ctx }) => ({
    data: (await listReceivedInvitations(ctx.db, ctx.caller)).map(toReceivedInvitationResource),
  }));
