import type { Prisma, PrismaClient } from "../../db/generated/prisma/client";

/** A Prisma client or an interactive transaction: domain functions accept either. */
export type Db = PrismaClient | Prisma.TransactionClient;

/** A session token just issued (sign-up, sign-in); the plaintext leaves the server once. */
export interface IssuedSession {
  sessionId: string;
  token: string;
  expiresAt: Date;
  userId: string;
  workspaceId: string;
}
