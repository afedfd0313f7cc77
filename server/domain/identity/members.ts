import type { Db } from "../../db";
import { AppError } from "../../errors";
import { revokeWorkspaceAccess, type RevocationCounts } from "./account-changes";
import type { SessionCaller } from "./authenticate";

export interface MemberView {
  userId: string;
  email: string;
  name: string | null;
  role: "owner" | "member";
  createdAt: Date;
}

/** A session caller checked (by asWorkspaceOwner) to own the session's workspace. */
export interface WorkspaceOwner extends SessionCaller {
  role: "owner";
}

/** The caller as the owner of the session's workspace; 403 INSUFFICIENT_SCOPE for anyone else. */
export async function asWorkspaceOwner(
  db: Db,
  caller: SessionCaller,
  what = "manage members",
): Promise<WorkspaceOwner> {
  const membership = await db.prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: caller.workspace.id, userId: caller.user.id } },
    select: { role: true },
  });
  if (membership?.role !== "owner") {
    throw new AppError("INSUFFICIENT_SCOPE", `Only the workspace owner can ${what}.`);
  }
  return { ...caller, role: "owner" };
}

export async function listMembers(db: Db, caller: SessionCaller): Promise<MemberView[]> {
  const rows = await db.prisma.membership.findMany({
    where: { workspaceId: caller.workspace.id },
    orderBy: [{ role: "asc" }, { createdAt: "asc" }],
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
  });
  return rows.map((row) => ({
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.role,
    createdAt: row.createdAt,
  }));
}

/**
 * The owner removes a member. In the same transaction every session and credential of theirs bound
 * to this workspace is revoked (401 TOKEN_REVOKED from the next request on), so inviting them back
 * later revives none of them. Their own workspaces are untouched.
 */
export async function removeMember(db: Db, owner: WorkspaceOwner, userId: string): Promise<RevocationCounts> {
  const membership = await db.prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: owner.workspace.id, userId } },
    select: { id: true, role: true },
  });
  if (!membership) throw new AppError("RESOURCE_NOT_FOUND", "This user is not a member of the workspace.");
  if (membership.role === "owner") {
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "The owner cannot be removed from their workspace.");
  }
  return db.transaction(async (tx) => {
    const removed = await tx.prisma.membership.deleteMany({ where: { id: membership.id } });
    if (removed.count === 0) throw new AppError("RESOURCE_NOT_FOUND", "This user is not a member of the workspace.");
    return revokeWorkspaceAccess(tx, userId, owner.workspace.id, "membership_removed");
  });
}
