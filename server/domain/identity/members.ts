import type { PrismaClient } from "../../db";
import { AppError } from "../../errors";
import type { SessionCaller } from "./authenticate";
import { normaliseEmail } from "./sessions";

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: "owner" | "member";
  createdAt: Date;
}

const memberSelect = {
  role: true,
  createdAt: true,
  user: { select: { id: true, email: true, name: true } },
} as const;

function toView(row: { role: "owner" | "member"; createdAt: Date; user: { id: string; email: string; name: string | null } }): MemberView {
  return { userId: row.user.id, email: row.user.email, name: row.user.name, role: row.role, createdAt: row.createdAt };
}

async function assertOwner(db: PrismaClient, caller: SessionCaller): Promise<void> {
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: caller.workspace.id, userId: caller.user.id } },
    select: { role: true },
  });
  if (membership?.role !== "owner") {
    throw new AppError("INSUFFICIENT_SCOPE", "Only the workspace owner can manage members.");
  }
}

export async function listMembers(db: PrismaClient, caller: SessionCaller): Promise<MemberView[]> {
  const rows = await db.membership.findMany({
    where: { workspaceId: caller.workspace.id },
    orderBy: [{ role: "asc" }, { createdAt: "asc" }],
    select: memberSelect,
  });
  return rows.map(toView);
}

/** The owner adds an existing user by e-mail address. */
export async function addMember(db: PrismaClient, caller: SessionCaller, { email }: { email: string }): Promise<MemberView> {
  await assertOwner(db, caller);
  const user = await db.user.findUnique({ where: { email: normaliseEmail(email) }, select: { id: true } });
  if (!user) throw new AppError("RESOURCE_NOT_FOUND", "No account uses this e-mail address; they need to sign up first.");
  const existing = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: caller.workspace.id, userId: user.id } },
  });
  if (existing) throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "This user is already a member of the workspace.");
  const row = await db.membership.create({
    data: { workspaceId: caller.workspace.id, userId: user.id, role: "member" },
    select: memberSelect,
  });
  return toView(row);
}

/**
 * The owner removes a member. Their tokens and sessions for this workspace answer 403
 * WORKSPACE_ACCESS_REVOKED from the next request on.
 */
export async function removeMember(db: PrismaClient, caller: SessionCaller, userId: string): Promise<void> {
  await assertOwner(db, caller);
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: caller.workspace.id, userId } },
    select: { id: true, role: true },
  });
  if (!membership) throw new AppError("RESOURCE_NOT_FOUND", "This user is not a member of the workspace.");
  if (membership.role === "owner") {
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "The owner cannot be removed from their workspace.");
  }
  await db.membership.delete({ where: { id: membership.id } });
}
