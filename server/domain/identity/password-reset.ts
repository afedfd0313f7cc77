import type { Db } from "../../db";
import { AppError } from "../../errors";
import { revokeAccountAccess, type RevocationCounts } from "./account-changes";
import type { Mailer } from "./mailer";
import { hashPassword } from "./password";
import { normaliseEmail } from "./sessions";
import { generateToken, hashToken, parseToken } from "./tokens";

const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** Sends a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  { email, baseUrl }: { email: string; baseUrl: string },
): Promise<void> {
  const user = await db.prisma.user.findUnique({
    where: { email: normaliseEmail(email) },
    select: { id: true, email: true },
  });
  if (!user) return;
  const token = generateToken("password_reset");
  await db.prisma.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS) },
  });
  await mailer.send({
    to: user.email,
    subject: "Reset your password",
    text:
      `Someone asked to reset the password of your Personal Finance account.\n` +
      `Open this link within an hour to choose a new one:\n${baseUrl}/reset-password?token=${token}\n\n` +
      `Choosing a new password signs you out everywhere and revokes all your access tokens.`,
  });
}

/** Sets a new password with a reset token; every session and credential of the account is revoked. */
export async function resetPassword(
  db: Db,
  { token, newPassword }: { token: string; newPassword: string },
): Promise<RevocationCounts> {
  if (parseToken(token) !== "password_reset") throw new AppError("TOKEN_INVALID", "The reset token is malformed.");
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const record = await tx.prisma.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
    if (!record) throw new AppError("TOKEN_INVALID", "The reset token is not known.");
    if (record.usedAt) throw linkSpent();
    if (record.expiresAt <= new Date())
      throw new AppError("TOKEN_EXPIRED", "The reset token has expired; ask for a new one.");
    // Only one request can claim the token: the update is conditional on it still being unused.
    const claimed = await tx.prisma.passwordResetToken.updateMany({
      where: { id: record.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (claimed.count === 0) throw linkSpent();
    await tx.prisma.user.update({
      where: { id: record.userId },
      data: { passwordHash, passwordChangedAt: new Date() },
    });
    // Every other link the user was sent stops working too: one reset ends them all.
    return revokeAccountAccess(tx, record.userId, "password_reset");
  });
}

function linkSpent(): AppError {
  return new AppError(
    "TOKEN_REVOKED",
    "The reset link no longer works: it was used, a newer link was used, or the password or e-mail address changed since it was sent. Ask for a new one.",
  );
}
