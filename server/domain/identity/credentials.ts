import type { Db } from "../../db";
import { emitWebhookEvent } from "../webhooks/events";
import type { Credential } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { SessionCaller } from "./authenticate";
import type { Scope } from "./scopes";
import { generateToken, hashToken } from "./tokens";

export const CREDENTIAL_AUDIENCES = ["programmatic_api", "mcp"] as const;
export type CredentialAudience = (typeof CREDENTIAL_AUDIENCES)[number];
export const DEFAULT_EXPIRES_IN_DAYS = 90;
export const MAX_EXPIRES_IN_DAYS = 365;
const DAY_MS = 86_400_000;
/** Active (neither revoked nor expired) credentials one account may hold, every workspace and audience together. */
const MAX_ACTIVE_CREDENTIALS = 100;

type CredentialStatus = "active" | "revoked" | "expired";

export interface CredentialView {
  id: string;
  name: string;
  audience: CredentialAudience;
  scopes: string[];
  tokenPrefix: string;
  status: CredentialStatus;
  workspaceId: string;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

function credentialStatus(credential: Pick<Credential, "revokedAt" | "expiresAt">, now = new Date()): CredentialStatus {
  if (credential.revokedAt) return "revoked";
  return credential.expiresAt <= now ? "expired" : "active";
}

function toView(credential: Credential, now = new Date()): CredentialView {
  return {
    id: credential.id,
    name: credential.name,
    audience: credential.audience,
    scopes: credential.scopes,
    tokenPrefix: credential.tokenPrefix,
    status: credentialStatus(credential, now),
    workspaceId: credential.workspaceId,
    expiresAt: credential.expiresAt,
    lastUsedAt: credential.lastUsedAt,
    revokedAt: credential.revokedAt,
    createdAt: credential.createdAt,
  };
}

export interface CreateCredentialInput {
  name: string;
  audience: CredentialAudience;
  scopes: Scope[];
  expiresInDays?: number;
}

/** Endpoint 1: a token bound to the caller and the session's workspace; its plaintext is returned once. */
export async function createCredential(
  db: Db,
  caller: SessionCaller,
  input: CreateCredentialInput,
  now = new Date(),
): Promise<{ credential: CredentialView; token: string }> {
  const token = generateToken(input.audience);
  const credential = await db.transaction(async (tx) => {
    // The user's row is the lock: two creations at once cannot both take the last place.
    await tx.prisma.$executeRaw`SELECT 1 FROM users WHERE id = ${caller.user.id}::uuid FOR UPDATE`;
    const active = await tx.prisma.credential.count({
      where: { userId: caller.user.id, revokedAt: null, expiresAt: { gt: now } },
    });
    if (active >= MAX_ACTIVE_CREDENTIALS) {
      throw new AppError(
        "DOMAIN_CONSTRAINT_VIOLATION",
        `This account has ${active} active tokens, the most one account may hold (${MAX_ACTIVE_CREDENTIALS}); revoke one it no longer uses, then create this one.`,
      );
    }
    return tx.prisma.credential.create({
      data: {
        userId: caller.user.id,
        workspaceId: caller.workspace.id,
        name: input.name.trim(),
        audience: input.audience,
        scopes: [...new Set(input.scopes)],
        tokenHash: hashToken(token),
        tokenPrefix: token.slice(0, 8),
        expiresAt: new Date(now.getTime() + (input.expiresInDays ?? DEFAULT_EXPIRES_IN_DAYS) * DAY_MS),
      },
    });
  });
  return { credential: toView(credential, now), token };
}

/** The caller's credentials (every audience and workspace), newest first. */
export async function listCredentials(
  db: Db,
  caller: SessionCaller,
  { page, limit }: { page: number; limit: number },
): Promise<{ items: CredentialView[]; total: number }> {
  const where = { userId: caller.user.id };
  const [rows, total] = await Promise.all([
    db.prisma.credential.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: (page - 1) * limit,
      take: limit,
    }),
    db.prisma.credential.count({ where }),
  ]);
  const now = new Date();
  return { items: rows.map((row) => toView(row, now)), total };
}

/** Revokes one of the caller's credentials at once; revoking a revoked one changes nothing. */
export async function revokeCredential(db: Db, caller: SessionCaller, id: string): Promise<CredentialView> {
  const credential = await db.prisma.credential.findFirst({ where: { id, userId: caller.user.id } });
  if (!credential) throw new AppError("RESOURCE_NOT_FOUND", "No credential of yours has this id.");
  if (credential.revokedAt) return toView(credential);
  const revoked = await db.transaction(async (tx) => {
    const updated = await tx.prisma.credential.update({
      where: { id },
      data: { revokedAt: new Date(), revokedReason: "revoked_by_owner" },
    });
    await emitCredentialRevoked(tx, updated, "revoked_by_owner");
    return updated;
  });
  return toView(revoked);
}

/** The credential.revoked webhook event of the credential's workspace, in the revoking transaction. */
export async function emitCredentialRevoked(
  tx: Db,
  credential: { id: string; workspaceId: string; name: string; audience: string },
  reason: string,
): Promise<void> {
  await emitWebhookEvent(tx, credential.workspaceId, "credential.revoked", {
    credential_id: credential.id,
    name: credential.name,
    audience: credential.audience,
    reason,
  });
}

export async function getCredential(db: Db, userId: string, id: string): Promise<CredentialView> {
  const credential = await db.prisma.credential.findFirst({ where: { id, userId } });
  if (!credential) throw new AppError("RESOURCE_NOT_FOUND", "No credential of yours has this id.");
  return toView(credential);
}
