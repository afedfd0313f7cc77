import type { Db } from "../../db";
import { AppError } from "../../errors";
import { isScope, type Scope } from "./scopes";
import { CREDENTIAL_AUDIENCES, type CredentialAudience } from "./credentials";
import { hashToken, parseToken } from "./tokens";

export interface WorkspaceRef {
  id: string;
  timezone: string;
  homeCurrencyId: string;
  plan: "free" | "plus" | "pro";
}

interface UserRef {
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
  /** The surface the token was made for: programmatic_api (REST, pfa_) or mcp (pfm_). */
  audience: CredentialAudience;
  scopes: Scope[];
  user: UserRef;
  workspace: WorkspaceRef;
}

export type Caller = { kind: "anonymous" } | SessionCaller | PatCaller;

const LAST_USED_WRITE_INTERVAL_MS = 60_000;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of an Authorization header, null when there is none. */
export function readBearerToken(authorization: string | null): string | null {
  if (authorization === null || authorization.trim() === "") return null;
  const match = BEARER.exec(authorization);
  if (!match) throw new AppError("TOKEN_INVALID", "The Authorization header must be 'Bearer <token>'.");
  return match[1]!;
}

/** The token of a well-formed bearer header, else null (none, or one readBearerToken refuses). */
export function bearerTokenOrNull(authorization: string | null): string | null {
  return BEARER.exec(authorization ?? "")?.[1] ?? null;
}

const workspaceSelect = { id: true, timezone: true, homeCurrencyId: true, plan: true } as const;
const userSelect = { id: true, email: true } as const;

/** A session token by its form: 401 for a malformed one or a personal access token. */
function assertSessionToken(token: string): void {
  const kind = parseToken(token);
  if (kind === null) throw new AppError("TOKEN_INVALID", "The session token is malformed.");
  if (kind !== "session") {
    throw new AppError("TOKEN_INVALID", "A personal access token cannot be used here; send a session token.");
  }
}

export async function authenticateSession(db: Db, token: string, now = new Date()): Promise<SessionCaller> {
  assertSessionToken(token);
  const session = await db.prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      revokedAt: true,
      expiresAt: true,
      user: { select: userSelect },
      workspace: { select: workspaceSelect },
    },
  });
  if (!session) throw new AppError("TOKEN_INVALID", "The session token is not known.");
  if (session.revokedAt) throw new AppError("TOKEN_REVOKED", "The session has ended; sign in again.");
  if (session.expiresAt <= now) throw new AppError("TOKEN_EXPIRED", "The session has expired; sign in again.");
  await assertMembership(db, session.user.id, session.workspace.id);
  return { kind: "session", sessionId: session.id, user: session.user, workspace: session.workspace };
}

export interface SessionHolder {
  sessionId: string;
  userId: string;
}

/**
 * The session a token names, ended, expired or not, member or not: enough to end it. Unknown or
 * malformed tokens are 401 like everywhere else.
 */
export async function findSessionHolder(db: Db, token: string): Promise<SessionHolder> {
  assertSessionToken(token);
  const session = await db.prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true },
  });
  if (!session) throw new AppError("TOKEN_INVALID", "The session token is not known.");
  return { sessionId: session.id, userId: session.userId };
}

interface CredentialRow {
  id: string;
  scopes: string;
  revoked_at: Date | null;
  expires_at: Date;
  last_used_at: Date | null;
  user_id: string;
  email: string;
  workspace_id: string;
  timezone: string;
  home_currency_id: string;
  plan: WorkspaceRef["plan"];
  member: boolean;
}

/**
 * The PAT check of every programmatic request: one query reads the credential with its user,
 * workspace and the user's membership, since it runs before every API call.
 */
export async function authenticatePat(
  db: Db,
  token: string,
  now = new Date(),
  audience: CredentialAudience = "programmatic_api",
): Promise<PatCaller> {
  const kind = parseToken(token);
  if (kind === null) throw new AppError("TOKEN_INVALID", "The access token is malformed.");
  if (kind === "session") {
    throw new AppError("TOKEN_INVALID", "A session token cannot be used here; send a personal access token.");
  }
  if (!(CREDENTIAL_AUDIENCES as readonly string[]).includes(kind)) {
    throw new AppError("TOKEN_INVALID", "This token is not a personal access token.");
  }
  if (kind !== audience) {
    // The spec's two audiences: REST takes programmatic_api (pfa_) tokens, the MCP server mcp (pfm_) ones.
    throw new AppError(
      "TOKEN_INVALID",
      `This credential's audience is ${kind}; ${audience === "mcp" ? "the MCP server" : "this API"} accepts ${audience} tokens.`,
    );
  }
  const [credential] = await db.sql.query<CredentialRow>(
    `SELECT c.id, array_to_string(c.scopes, ' ') AS scopes, c.revoked_at, c.expires_at, c.last_used_at,
            u.id AS user_id, u.email, w.id AS workspace_id, w.timezone, w.home_currency_id, w.plan::text AS plan,
            (m.id IS NOT NULL) AS member
       FROM credentials c
       JOIN users u ON u.id = c.user_id
       JOIN workspaces w ON w.id = c.workspace_id
       LEFT JOIN memberships m ON m.workspace_id = c.workspace_id AND m.user_id = c.user_id
      WHERE c.token_hash = $1`,
    [hashToken(token)],
  );
  if (!credential) throw new AppError("TOKEN_INVALID", "The access token is not known.");
  if (credential.revoked_at) throw new AppError("TOKEN_REVOKED", "The access token has been revoked.");
  if (new Date(credential.expires_at) <= now) throw new AppError("TOKEN_EXPIRED", "The access token has expired.");
  if (!credential.member) {
    throw new AppError("WORKSPACE_ACCESS_REVOKED", "The token's owner no longer has access to this workspace.");
  }
  const lastUsed = credential.last_used_at ? new Date(credential.last_used_at).getTime() : null;
  if (lastUsed === null || now.getTime() - lastUsed > LAST_USED_WRITE_INTERVAL_MS) {
    // At most one write a minute per credential keeps last_used_at useful without a write per request.
    await db.prisma.credential.update({ where: { id: credential.id }, data: { lastUsedAt: now } });
  }
  return {
    kind: "pat",
    credentialId: credential.id,
    audience,
    scopes: credential.scopes.split(" ").filter(isScope),
    user: { id: credential.user_id, email: credential.email },
    workspace: {
      id: credential.workspace_id,
      timezone: credential.timezone,
      homeCurrencyId: credential.home_currency_id,
      plan: credential.plan,
    },
  };
}

async function assertMembership(db: Db, userId: string, workspaceId: string): Promise<void> {
  const membership = await db.prisma.membership.findUnique({
    where: { workspaceId_userId: { workspaceId, userId } },
    select: { id: true },
  });
  if (!membership) {
    throw new AppError("WORKSPACE_ACCESS_REVOKED", "The token's owner no longer has access to this workspace.");
  }
}
