import { AppError } from "../../errors";
import type { CurrencyInfo } from "../money/currencies";
import type { WorkspaceContext } from "../workspace-context";
import { categoryOf } from "../categories/manage-categories";

const accountInclude = { wallet: true, currency: true } as const;

export interface AccountRef {
  id: string;
  walletId: string;
  currency: CurrencyInfo;
}

/** An account of the workspace, or 404; `usable` also asks for one that takes new transactions. */
export async function accountOf({ db, workspace }: WorkspaceContext, id: string, usable: boolean): Promise<AccountRef> {
  const account = await db.prisma.account.findFirst({
    where: { id, workspaceId: workspace.id },
    include: accountInclude,
  });
  if (!account) throw new AppError("RESOURCE_NOT_FOUND", "No account with this id exists in your workspace.");
  if (usable && (!account.active || account.wallet.archivedAt !== null || account.wallet.accountType !== "asset")) {
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${account.wallet.name} (${account.currency.code.trim()}) is not an active asset account; archived wallets take no new transactions.`,
    );
  }
  const { currency } = account;
  return {
    id: account.id,
    walletId: account.walletId,
    currency: {
      id: currency.id,
      code: currency.code.trim(),
      symbol: currency.symbol,
      decimalPlaces: currency.decimalPlaces,
    },
  };
}

/**
 * A category a transaction may be filed under: the workspace's (else 404) and not archived
 * (else 422), unless it is the one the transaction already has.
 */
export async function usableCategoryId(
  context: WorkspaceContext,
  id: string | null,
  current: string | null = null,
): Promise<string | null> {
  if (id === null) return null;
  const category = await categoryOf(context, id);
  if (category.archivedAt !== null && id !== current) {
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `The category ${category.name} is archived; choose another or unarchive it.`,
    );
  }
  return category.id;
}

/** A transaction of the workspace with what an edit needs, or 404. */
export async function transactionOf({ db, workspace }: WorkspaceContext, id: string) {
  const transaction = await db.prisma.transaction.findFirst({
    where: { id, workspaceId: workspace.id },
    include: { currency: true },
  });
  if (!transaction) throw new AppError("RESOURCE_NOT_FOUND", "No transaction with this id exists in your workspace.");
  const { currency } = transaction;
  return {
    ...transaction,
    currencyInfo: {
      id: currency.id,
      code: currency.code.trim(),
      symbol: currency.symbol,
      decimalPlaces: currency.decimalPlaces,
    },
  };
}

export function noCategoryOnTransfers(): AppError {
  return new AppError(
    "DOMAIN_CONSTRAINT_VIOLATION",
    "Transfers move money between your own accounts and take no category.",
  );
}
