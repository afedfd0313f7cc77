import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { SessionCaller } from "./authenticate";
import { toInvitationView, type InvitationView } from "./invitations";
import { normaliseEmail } from "./sessions";

/** An invitation as its invitee sees it: who invited them to which workspace. */
export interface ReceivedInvitationView extends InvitationView {
  workspace: { id: string; name: string };
  invitedBy: { email: string; name: string | null };
}

export interface JoinedMembershipView {
  id: string;
  workspaceId: string;
  workspaceName: string;
  role: "owner" | "member";
  createdAt: Date;
}

const NOT_FOUND = "You have no pending invitation with this id.";

/** Invitations addressed to the caller's e-mail address that can still be accepted, newest first. */
export async function listReceivedInvitations(
  db: Db,
  caller: SessionCaller,
  now = new Date(),
): Promise<ReceivedInvitationView[]> {
  const rows = await db.prisma.workspaceInvitation.findMany({
    where: { email: normaliseEmail(caller.user.email), status: "pending", expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    include: { workspace: { select: { id: true, name: true } }, invitedBy: { select: { email: true, name: true } } },
  });
  return rows.map((row) => ({ ...toInvitationView(row, now), workspace: row.workspace, invitedBy: row.invitedBy }));
}

/**
 * The invitee accepts and becomes a member. Only the account whose e-mail address the invitation
 * names can: for anyone else the invitation does not exist (404). The claim is conditional on the
 * invitation still being pending, so it is accepted once.
 */
export async function acceptInvitation(
  db: Db,
  caller: SessionCaller,
  id: string,
  now = new Date(),
): Promise<JoinedMembershipView> {
  return db.transaction(async (tx) => {
    const invitation = await tx.prisma.workspaceInvitation.findFirst({
      where: { id, email: normaliseEmail(caller.user.email), status: "pending" },
      select: { workspaceId: true, expiresAt: true, workspace: { select: { name: true } } },
    });
    if (!invitation) throw new AppError("RESOURCE_NOT_FOUND", NOT_FOUND);
    if (invitation.expiresAt <= now) {
      throw new AppError(
        "DOMAIN_CONSTRAINT_VIOLATION",
        "This invitation has expired; ask the workspace owner to invite you again.",
      );
    }
    const claimed = await tx.prisma.workspaceInvitation.updateMany({
      where: { id, status: "pending" },
      data: { status: "accepted", respondedAt: now },
    });
    if (claimed.count === 0) throw new AppError("RESOURCE_NOT_FOUND", NOT_FOUND);
    const membership = await tx.prisma.membership.upsert({
      where: { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: caller.user.id } },
      create: { workspaceId: invitation.workspaceId, userId: caller.user.id, role: "member" },
      update: {},
      select: { id: true, role: true, createdAt: true },
    });
    return { ...membership, workspaceId: invitation.workspaceId, workspaceName: invitation.workspace.name };
  });
}

/** The invitee declines (an expired invitation too); it leaves their list and the owner's. */
export async function declineInvitation(db: Db, caller: SessionCaller, id: string, now = new Date()): Promise<void> {
  const declined = await db.prisma.workspaceInvitation.updateMany({
    where: { id, email: normaliseEmail(caller.user.email), status: "pending" },
    data: { status: "declined", respondedAt: now },
  });
  if (declined.count === 0) throw new AppError("RESOURCE_NOT_FOUND", NOT_FOUND);
}
