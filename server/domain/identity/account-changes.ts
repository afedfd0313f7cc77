import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { SessionCaller } from "./authenticate";
import { hashPassword, verifyPassword } from "./password";
import { emitCredentialRevoked } from "./credentials";
import { normaliseEmail } from "./sessions";

export interface RevocationCounts {
  revokedCredentials: number;
  revokedSessions: number;
}

/** Whose access to revoke: a user's, in every workspace or in one; every session but `keepSessionId`. */
interface AccessSelection {
  userId: string;
  workspaceId?: string;
  keepSessionId?: string;
}

async function revokeAccess(
  tx: Db,
  { userId, workspaceId, keepSessionId }: AccessSelection,
  reason: string,
): Promise<RevocationCounts> {
  const now = new Date();
  const revoking = await tx.prisma.credential.findMany({
    where: { userId, workspaceId, revokedAt: null },
    select: { id: true, workspaceId: true, name: true, audience: true },
  });
  const credentials = await tx.prisma.credential.updateMany({
    where: { id: { in: revoking.map((credential) => credential.id) }, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason },
  });
  for (const credential of revoking) await emitCredentialRevoked(tx, credential, reason);
  const sessions = await tx.prisma.session.updateMany({
    where: { userId, workspaceId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: now, revokedReason: reason },
  });
  return { revokedCredentials: credentials.count, revokedSessions: sessions.count };
}

/**
 * Revokes every credential of the account (both audiences, every workspace), every session but
 * `keepSessionId`, and every password-reset link still outstanding: a link sent before the
 * password or e-mail changed must not set a password afterwards (whoever holds the old mailbox
 * would take the account). Called inside the transaction that changes the password or e-mail.
 */
export async function revokeAccountAccess(
  tx: Db,
  userId: string,
  reason: string,
  keepSessionId?: string,
): Promise<RevocationCounts> {
  await tx.prisma.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  return revokeAccess(tx, { userId, keepSessionId }, reason);
}

/**
 * Revokes the user's credentials (both audiences) and sessions bound to one workspace. Called inside
 * the transaction that removes their membership, so adding them back later revives none of them.
 */
export function revokeWorkspaceAccess(
  tx: Db,
  userId: string,
  workspaceId: string,
  reason: string,
): Promise<RevocationCounts> {
  return revokeAccess(tx, { userId, workspaceId }, reason);
}

async function assertPassword(db: Db, userId: string, password: string, field: string): Promise<void> {
  const user = await db.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("INVALID_CREDENTIALS", `The ${field} is wrong.`);
  }
}

export async function changePassword(
  db: Db,
  caller: SessionCaller,
  input: { currentPassword: string; newPassword: string },
): Promise<RevocationCounts> {
  await assertPassword(db, caller.user.id, input.currentPassword, "current password");
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    await tx.prisma.user.update({
      where: { id: caller.user.id },
      data: { passwordHash, passwordChangedAt: new Date() },
    });
    return revokeAccountAccess(tx, caller.user.id, "password_changed", caller.sessionId);
  });
}

export async function changeEmail(
  db: Db,
  caller: SessionCaller,
  input: { password: string; newEmail: string },
): Promise<RevocationCounts> {
  await assertPassword(db, caller.user.id, input.password, "password");
  const email = normaliseEmail(input.newEmail);
  const owner = await db.prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (owner && owner.id !== caller.user.id) {
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "Another account already uses this e-mail address.");
  }
  try {
    return await db.transaction(async (tx) => {
      await tx.prisma.user.update({ where: { id: caller.user.id }, data: { email } });
      return revokeAccountAccess(tx, caller.user.id, "email_changed", caller.sessionId);
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") {
      throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "Another account already uses this e-mail address.");
    }
    throw error;
  }
}
