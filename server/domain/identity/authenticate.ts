import type { PrismaClient } from "../../db";
import { AppError } from "../../errors";
import { isScope, type Scope } from "./scopes";
import { hashToken, parseToken } from "./tokens";

export interface WorkspaceRef {
  id: string;
  timezone: string;
  homeCurrencyId: string;
  plan: "free" | "plus" | "pro";
}

export interface UserRef {
  id: string;
  email: string;
}

export interface SessionCaller {
  kind: "session";
  sessionId: string;
  user: UserRef;
  workspace: WorkspaceRef;
}

export interface PatCaller {
  kind: "pat";
  credentialId: string;
  scopes: Scope[];
  user: UserRef;
  workspace: WorkspaceRef;
}

export type Caller = { kind: "anonymous" } | SessionCaller | PatCaller;

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** The bearer token of an Authorization header, null when there is none. */
export function readBearerToken(authorization: string | null): string | null {
  if (authorization === null || authorization.trim() === "") return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match) throw new AppError("TOKEN_INVALID", "The Authorization header must be 'Bearer <token>'.");
  return match[1]!;
}

const workspaceSelect = { id: true, timezone: true, homeCurrencyId: true, plan: true } as const;
const userSelect = { id: true, email: true } as const;

export async function authenticateSession(db: PrismaClient, token: string, now = new Date()): Promise<SessionCaller> {
  const kind = parseToken(token);
  if (kind === null) throw new AppError("TOKEN_INVALID", "The session token is malformed.");
  if (kind !== "session") {
    throw new AppError("TOKEN_INVALID", "A personal access token cannot be used here; send a session token.");
  }
  const session = await db.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, revokedAt: true, expiresAt: true, user: { select: userSelect }, workspace: { select: workspaceSelect } },
  });
  if (!session) throw new AppError("TOKEN_INVALID", "The session token is not known.");
  if (session.revokedAt) throw new AppError("TOKEN_REVOKED", "The session has ended; sign in again.");
  if (session.expiresAt <= now) throw new AppError("TOKEN_EXPIRED", "The session has expired; sign in again.");
  await assertMembership(db, session.user.id, session.workspace.id);
  return { kind: "session", sessionId: session.id, user: session.user, workspace: session.workspace };
}

export async function authenticatePat(db: PrismaClient, token: string, now = new Date()): Promise<PatCaller> {
  const kind = parseToken(token);
  if (kind === null) throw new AppError("TOKEN_INVALID", "The access token is malformed.");
  if (kind === "session") {
    throw new AppError("TOKEN_INVALID", "A session token cannot be used here; send a personal access token.");
  }
  if (kind !== "programmatic_api") {
    throw new AppError("TOKEN_INVALID", "This credential's audience is mcp; this API accepts programmatic_api tokens.");
  }
  const credential = await db.credential.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      scopes: true,
      revokedAt: true,
      expiresAt: true,
      lastUsedAt: true,
      user: { select: userSelect },
      workspace: { select: workspaceSelect },
    },
  });
  if (!credential) throw new AppError("TOKEN_INVALID", "The access token is not known.");
  if (credential.revokedAt) throw new AppError("TOKEN_REVOKED", "The access token has been revoked.");
  if (credential.expiresAt <= now) throw new AppError("TOKEN_EXPIRED", "The access token has expired.");
  await assertMembership(db, credential.user.id, credential.workspace.id);
  if (!credential.lastUsedAt || now.getTime() - credential.lastUsedAt.getTime() > LAST_USED_WRITE_INTERVAL_MS) {
    // At most one write a minute per credential keeps last_used_at useful without a write per request.
    await db.credential.update({ where: { id: credential.id }, data: { lastUsedAt: now } });
  }
  return {
    kind: "pat",
    credentialId: credential.id,
    scopes: credential.scopes.filter(isScope),
    user: credential.user,
    workspace: credential.workspace,
  };
}

async function assertMembership(db: PrismaClient, userId: string, workspaceId: string): Promise<void> {
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { id: true },
  });
  if (!membership) {
    throw new AppError("WORKSPACE_ACCESS_REVOKED", "The token's owner no longer has access to this workspace.");
  }
}
