import type { Db } from "../../db";
import { AppError } from "../../errors";
import { hashPassword, verifyPassword } from "./password";
import { generateToken, hashToken } from "./tokens";
import type { IssuedSession } from "./types";

export const SESSION_LIFETIME_DAYS = 30;
/** Sessions one account keeps open at once; signing in again ends the oldest beyond it. */
const MAX_ACTIVE_SESSIONS = 50;
const DAY_MS = 86_400_000;

// Verified when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createSession(
  db: Db,
  {
    userId,
    workspaceId,
    userAgent,
    now = new Date(),
  }: { userId: string; workspaceId: string; userAgent?: string | null; now?: Date },
): Promise<IssuedSession> {
  const token = generateToken("session");
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_DAYS * DAY_MS);
  const session = await db.prisma.session.create({
    data: { userId, workspaceId, tokenHash: hashToken(token), expiresAt, userAgent: userAgent?.slice(0, 300) ?? null },
  });
  await endSessionsBeyondLimit(db, userId, now);
  return { sessionId: session.id, token, expiresAt, userId, workspaceId };
}

/** Ends the user's oldest open sessions beyond MAX_ACTIVE_SESSIONS (a script that signs in on every run and never signs out). */
async function endSessionsBeyondLimit(db: Db, userId: string, now: Date): Promise<void> {
  const beyond = await db.prisma.session.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: MAX_ACTIVE_SESSIONS,
    select: { id: true },
  });
  if (beyond.length === 0) return;
  await db.prisma.session.updateMany({
    where: { id: { in: beyond.map(({ id }) => id) } },
    data: { revokedAt: now, revokedReason: "session_limit" },
  });
}

/**
 * Signs in with e-mail and password. The session selects `workspaceId` when given (the user must
 * be a member), else the workspace the user owns, else their oldest membership.
 */
export async function signIn(
  db: Db,
  input: { email: string; password: string; workspaceId?: string; userAgent?: string | null },
): Promise<IssuedSession> {
  const user = await db.prisma.user.findUnique({
    where: { email: normaliseEmail(input.email) },
    select: { id: true, passwordHash: true },
  });
  if (!user) {
    dummyHash ??= hashPassword("not-a-real-password-0000");
    await verifyPassword(await dummyHash, input.password);
    throw new AppError("INVALID_CREDENTIALS", "The e-mail address or password is wrong.");
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError("INVALID_CREDENTIALS", "The e-mail address or password is wrong.");
  }
  const memberships = await db.prisma.membership.findMany({
    where: { userId: user.id, ...(input.workspaceId ? { workspaceId: input.workspaceId } : {}) },
    orderBy: [{ role: "asc" }, { createdAt: "asc" }],
    select: { workspaceId: true },
    take: 1,
  });
  const workspaceId = memberships[0]?.workspaceId;
  if (!workspaceId) {
    throw new AppError(
      "WORKSPACE_ACCESS_REVOKED",
      input.workspaceId ? "You are not a member of that workspace." : "You are not a member of any workspace.",
    );
  }
  return createSession(db, { userId: user.id, workspaceId, userAgent: input.userAgent });
}

/**
 * Ends the session a token names, whatever state its user's membership is in (a member removed
 * from the workspace can still sign out). Unknown or already ended tokens change nothing.
 */
export async function endSessionByToken(db: Db, token: string, reason = "signed_out"): Promise<void> {
  await db.prisma.session.updateMany({
    where: { tokenHash: hashToken(token), revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
}

/** Ends a session; later requests with its token answer 401 TOKEN_REVOKED. */
export async function endSession(db: Db, sessionId: string, reason = "signed_out"): Promise<void> {
  await db.prisma.session.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
}
