import { z } from "zod";
import type { JoinedMembershipView, ReceivedInvitationView } from "../../domain/identity/invitation-answers";
import type { InvitationView } from "../../domain/identity/invitations";
import type { MemberView } from "../../domain/identity/members";
import { iso, resource, timestamp } from "../shared/schemas";

const role = z.enum(["owner", "member"]).describe("owner (manages members and invitations) or member.");

export const memberResource = resource(
  "members",
  z
    .object({
      email: z.string().describe("The member's e-mail address."),
      name: z.string().nullable().describe("The member's display name; null when they gave none."),
      role,
      created_at: timestamp.describe("When they joined the workspace."),
    })
    .describe("The member's fields; the resource id is the member's user id."),
).meta({ id: "Member", description: "A user with access to the workspace." });

export function toMemberResource(member: MemberView): z.infer<typeof memberResource> {
  return {
    type: "members",
    id: member.userId,
    attributes: { email: member.email, name: member.name, role: member.role, created_at: iso(member.createdAt) },
  };
}

/** The caller's membership of a workspace they joined; sign in with its workspace_id to reach it. */
export const membershipResource = resource(
  "memberships",
  z
    .object({
      workspace_id: z.uuid().describe("The workspace joined; sign in with it as workspace_id to work there."),
      workspace_name: z.string().describe("That workspace's name."),
      role,
      created_at: timestamp.describe("When you joined."),
    })
    .describe("The membership's fields."),
).meta({ id: "Membership", description: "Your membership of a workspace you joined by accepting an invitation." });

export function toMembershipResource(membership: JoinedMembershipView): z.infer<typeof membershipResource> {
  return {
    type: "memberships",
    id: membership.id,
    attributes: {
      workspace_id: membership.workspaceId,
      workspace_name: membership.workspaceName,
      role: membership.role,
      created_at: iso(membership.createdAt),
    },
  };
}

const invitationAttributes = z
  .object({
    email: z.string().describe("The invited address, trimmed and lower-cased."),
    status: z
      .enum(["pending", "accepted", "declined", "withdrawn", "expired"])
      .describe(
        "pending (can be accepted), accepted, declined, withdrawn (by the owner) or expired (7 days after it was sent or renewed).",
      ),
    expires_at: timestamp.describe("When it can no longer be accepted: 7 days after it was sent or last renewed."),
    created_at: timestamp.describe("When it was created."),
  })
  .describe("The invitation's fields.");

export const invitationResource = resource("invitations", invitationAttributes).meta({
  id: "Invitation",
  description: "An invitation to join the workspace, as its owner sees it.",
});

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
  invitationAttributes
    .extend({
      workspace: z
        .object({ id: z.uuid().describe("The workspace's id."), name: z.string().describe("The workspace's name.") })
        .describe("The workspace the invitation opens."),
      invited_by: z
        .object({
          email: z.string().describe("The inviter's e-mail address."),
          name: z.string().nullable().describe("The inviter's display name; null when they gave none."),
        })
        .describe("Who sent it."),
    })
    .describe("The invitation's fields, with the workspace and the inviter."),
).meta({
  id: "ReceivedInvitation",
  description: "An invitation addressed to you, with the workspace it opens and who sent it.",
});

export function toReceivedInvitationResource(
  invitation: ReceivedInvitationView,
): z.infer<typeof receivedInvitationResource> {
  const { type, id, attributes } = toInvitationResource(invitation);
  return { type, id, attributes: { ...attributes, workspace: invitation.workspace, invited_by: invitation.invitedBy } };
}
