import { z } from "zod";
import { listWorkspaceInvitations } from "../../domain/identity/invitations";
import { invitationResource, toInvitationResource } from "./schemas";
import { ownerProcedure } from "./owner-procedure";

export const listInvitationsProcedure = ownerProcedure
  .meta({
    errors: ["INSUFFICIENT_SCOPE"],
    openapi: {
      method: "GET",
      path: "/api/v1/workspace/invitations",
      operationId: "listInvitations",
      tags: ["members"],
      summary: "The workspace's open invitations, newest first (owner only)",
      description: "Pending invitations, and expired ones not yet renewed or withdrawn (status `expired`).",
    },
  })
  .input(z.void())
  .output(z.object({ data: z.array(invitationResource).describe("Pending and expired invitations, newest first.") }))
  .query(async ({ ctx }) => ({
    data: (await listWorkspaceInvitations(ctx.db, ctx.caller)).map(toInvitationResource),
  }));
