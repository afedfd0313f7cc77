import type { Database } from "../db";
import type { Prisma, PrismaClient } from "../db/generated/prisma/client";
import type { WorkspaceRef } from "./identity/authenticate";

/** What a dashboard write needs: the database, the caller's workspace and who acts (for created_by). */
export interface ManageScope {
  db: Database;
  workspace: WorkspaceRef;
  userId: string;
}

/** The client, or the transaction a multi-row write runs in. */
export type PrismaOrTransaction = PrismaClient | Prisma.TransactionClient;
