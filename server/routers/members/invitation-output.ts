import { z } from "zod";
import type { ReceivedInvitationView } from "../../domain/identity/invitation-answers";
import type { InvitationView } from "../../domain/identity/invitations";
import { iso, resource, timestamp } from "../shared/schemas";

const invitationAttributes = z.object({
  email: z.string(),
  status: z.enum(["pending", "accepted", "declined", "withdrawn", "expired"]),
  expires_at: timestamp,
  created_at: timestamp,
});

export const invitationResource = resource("invitations", invitationAttributes);

export function toInvitationResource(invitation: InvitationView): z.infer<typeof invitationResource> {
  return {
    type: "invitations",
    id: invitation.id,
    attributes: {
      email: invitation.email,
      status: invitation.status,
      expires_at: iso(invitation.expiresAt),
      created_at: iso(invitation.createdAt),
    },
  };
}

/** An invitation as its invitee reads it: the workspace it opens and who sent it. */
export const receivedInvitationResource = resource(
  "invitations",
  invitationAttributes.extend({
    workspace: z.object({ id: z.uuid(), name: z.string() }),
    invited_by: z.object({ email: z.string(), name: z.string().nullable() }),
  }),
);

export function toReceivedInvitationResource(invitation: ReceivedInvitationView): z.infer<typeof receivedInvitationResource> {
  const { type, id, attributes } = toInvitationResource(invitation);
  return { type, id, attributes: { ...attributes, workspace: invitation.workspace, invited_by: invitation.invitedBy } };
}
