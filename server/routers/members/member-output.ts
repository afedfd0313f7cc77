import { z } from "zod";
import type { JoinedMembershipView } from "../../domain/identity/invitation-answers";
import type { MemberView } from "../../domain/identity/members";
import { iso, resource, timestamp } from "../shared/schemas";

const role = z.enum(["owner", "member"]);

export const memberResource = resource(
  "members",
  z.object({ email: z.string(), name: z.string().nullable(), role, created_at: timestamp }),
);

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
  z.object({ workspace_id: z.uuid(), workspace_name: z.string(), role, created_at: timestamp }),
);

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
