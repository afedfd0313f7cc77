import type { Db } from "../../db";
import type { InvitationStatus } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { quotedForMail } from "./mail-text";
import type { Mailer } from "./mailer";
import type { WorkspaceOwner } from "./members";
import { normaliseEmail } from "./sessions";

export const INVITATION_LIFETIME_DAYS = 7;
const DAY_MS = 86_400_000;

/** The stored status, with a pending invitation past its expiry read as `expired`. */
type InvitationState = InvitationStatus | "expired";

export interface InvitationView {
  id: string;
  email: string;
  status: InvitationState;
  expiresAt: Date;
  createdAt: Date;
}

interface InvitationRow {
  id: string;
  email: string;
  status: InvitationStatus;
  expiresAt: Date;
  createdAt: Date;
}

export function toInvitationView(row: InvitationRow, now: Date): InvitationView {
  const status = row.status === "pending" && row.expiresAt <= now ? "expired" : row.status;
  return { id: row.id, email: row.email, status, expiresAt: row.expiresAt, createdAt: row.createdAt };
}

/**
 * The owner invites an e-mail address and the address gets an e-mail with a link to the dashboard.
 * Nothing here asks whether an account uses the address, so the answer (and the work behind it) is
 * the same either way; only the address of a current member is refused (the owner sees those in the
 * member list anyway). Inviting again renews a pending invitation and replaces an answered, withdrawn
 * or expired one with a new one.
 */
export async function inviteToWorkspace(
  db: Db,
  mailer: Mailer,
  owner: WorkspaceOwner,
  { email, origin, now = new Date() }: { email: string; origin: string; now?: Date },
): Promise<InvitationView> {
  const address = normaliseEmail(email);
  const member = await db.prisma.membership.findFirst({
    where: { workspaceId: owner.workspace.id, user: { email: address } },
    select: { id: true },
  });
  if (member)
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "This address belongs to a member of the workspace already.");
  const invitation = await saveInvitation(db, owner, address, now);
  const workspace = await db.prisma.workspace.findUniqueOrThrow({
    where: { id: owner.workspace.id },
    select: { name: true },
  });
  const name = quotedForMail(workspace.name);
  await mailer.send({
    to: address,
    subject: `Invitation to the workspace ${name}`,
    text:
      `${owner.user.email} invited you to the Personal Finance workspace ${name}.\n` +
      `Open ${origin}/settings/members to accept or decline it; sign in first, or sign up with this address if you ` +
      `have no account yet. The invitation expires in ${INVITATION_LIFETIME_DAYS} days.\n\n` +
      `If you did not expect this invitation, ignore this e-mail.`,
  });
  return toInvitationView(invitation, now);
}

async function saveInvitation(
  db: Db,
  owner: WorkspaceOwner,
  email: string,
  now: Date,
  retry = true,
): Promise<InvitationRow> {
  const workspaceId = owner.workspace.id;
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
  try {
    return await db.transaction(async (tx) => {
      const existing = await tx.prisma.workspaceInvitation.findUnique({
        where: { workspaceId_email: { workspaceId, email } },
      });
      if (existing?.status === "pending" && existing.expiresAt > now) {
        return tx.prisma.workspaceInvitation.update({
          where: { id: existing.id },
          data: { expiresAt, invitedById: owner.user.id },
        });
      }
      if (existing) await tx.prisma.workspaceInvitation.delete({ where: { id: existing.id } });
      return tx.prisma.workspaceInvitation.create({
        data: { workspaceId, email, invitedById: owner.user.id, expiresAt, createdAt: now },
      });
    });
  } catch (error) {
    // A simultaneous invitation of the same address created the row first: renew that one.
    if (retry && (error as { code?: string }).code === "P2002") return saveInvitation(db, owner, email, now, false);
    throw error;
  }
}

/** The workspace's open invitations (pending and expired), newest first. */
export async function listWorkspaceInvitations(
  db: Db,
  owner: WorkspaceOwner,
  now = new Date(),
): Promise<InvitationView[]> {
  const rows = await db.prisma.workspaceInvitation.findMany({
    where: { workspaceId: owner.workspace.id, status: "pending" },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map((row) => toInvitationView(row, now));
}

/** The owner withdraws an open invitation (pending or expired); it can no longer be accepted. */
export async function withdrawInvitation(db: Db, owner: WorkspaceOwner, id: string, now = new Date()): Promise<void> {
  const withdrawn = await db.prisma.workspaceInvitation.updateMany({
    where: { id, workspaceId: owner.workspace.id, status: "pending" },
    data: { status: "withdrawn", respondedAt: now },
  });
  if (withdrawn.count === 0)
    throw new AppError("RESOURCE_NOT_FOUND", "The workspace has no open invitation with this id.");
}
