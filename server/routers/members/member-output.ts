import { z } from "zod";
import type { JoinedMembershipView } from "../../domain/identity/invitation-answers";
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
