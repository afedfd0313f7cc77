import type { Db } from "../../db";
import { AppError } from "../../errors";
import { accountName, activeAssetAccount } from "../accounts/list-accounts";
import type { RoutableAccount } from "./select-statement";

/** A job's write (its preview and file staged or not) stays well within this; PGlite, slower, shares the limit. */
const PREVIEW_STORE_TIMEOUT_MS = 60_000;

/** The target of an import: an active account of an active asset wallet of the workspace. */
export async function importAccount(db: Db, workspaceId: string, accountId: string) {
  const account = await db.prisma.account.findFirst({
    where: { id: accountId, ...activeAssetAccount(workspaceId) },
    include: { wallet: { select: { name: true, _count: { select: { accounts: true } } } } },
  });
  // Another workspace's account is answered as if it did not exist (spec convention 6).
  if (!account)
    throw new AppError(
      "RESOURCE_NOT_FOUND",
      "No active asset account with this account_id exists in the token's workspace.",
    );
  return account;
}

export type ImportTarget = Awaited<ReturnType<typeof importAccount>>;

/** An import id the workspace does not have: another workspace's is answered the same (spec convention 6). */
export function importNotFound(): AppError {
  return new AppError("RESOURCE_NOT_FOUND", "No import with this id exists in the token's workspace.");
}

/** Runs `work` in the caller's transaction, or in one of its own long enough to store a large preview. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work, { timeout: PREVIEW_STORE_TIMEOUT_MS });
}

/** An account a statement may go to besides the import's: any active account of an asset wallet, by number or name. */
export async function otherImportTargets(db: Db, workspaceId: string): Promise<RoutableAccount[]> {
  const accounts = await db.prisma.account.findMany({
    where: activeAssetAccount(workspaceId),
    select: {
      id: true,
      iban: true,
      accountNumber: true,
      currency: { select: { code: true } },
      wallet: { select: { name: true, _count: { select: { accounts: true } } } },
    },
  });
  return accounts.map(({ currency, wallet, ...account }) => ({
    ...account,
    currencyCode: currency.code.trim(),
    name: accountName(wallet.name, wallet._count.accounts, currency.code.trim()),
  }));
}

/** An account `parse_options.account_map` names: an import target of the workspace, else 404 naming the option. */
export async function mappedAccount(db: Db, workspaceId: string, accountId: string): Promise<ImportTarget> {
  try {
    return await importAccount(db, workspaceId, accountId);
  } catch (error) {
    if (error instanceof AppError && error.code === "RESOURCE_NOT_FOUND")
      throw new AppError(
        "RESOURCE_NOT_FOUND",
        `parse_options.account_map: no active asset account with id ${accountId} exists in the token's workspace.`,
      );
    throw error;
  }
}
