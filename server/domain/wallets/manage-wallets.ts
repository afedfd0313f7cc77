import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type {
  AddAccountInput,
  CreateWalletInput,
  SetOpeningBalanceInput,
  UpdateWalletInput,
} from "../../routers/wallets/schemas";
import type { WorkspaceContext } from "../workspace-context";
import { amountIn, currencyByCode } from "../money/amount-input";
import { dayToDate } from "../time/calendar";
import { groupOf } from "../groups/manage-groups";

export interface WalletWritten {
  id: string;
  version: number;
}

/** Asset wallets are the ones the dashboard manages (as the API shows them); others answer 404. */
async function walletOf({ db, workspace }: WorkspaceContext, id: string) {
  const wallet = await db.prisma.wallet.findFirst({ where: { id, workspaceId: workspace.id, accountType: "asset" } });
  if (!wallet) throw new AppError("RESOURCE_NOT_FOUND", "No wallet with this id exists in your workspace.");
  return wallet;
}

const bumpVersion = { version: { increment: 1 } } satisfies Prisma.WalletUpdateInput;

function duplicateCurrency(code: string): AppError {
  return new AppError(
    "DOMAIN_CONSTRAINT_VIOLATION",
    `The wallet already has an account in ${code}; a wallet holds one account per currency.`,
  );
}

/** A wallet with one account per currency, each with its opening balance, all or nothing. */
export async function createWallet(
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  input: CreateWalletInput,
): Promise<WalletWritten> {
  const accounts: Array<{ currencyId: string; openingBalance: string; openingBalanceDate: Date; order: number }> = [];
  const codes = new Set<string>();
  for (const [index, account] of input.accounts.entries()) {
    const currency = await currencyByCode(db, account.currency_code, `accounts.${index}.currency_code`);
    if (codes.has(currency.code)) throw duplicateCurrency(currency.code);
    codes.add(currency.code);
    const opening = amountIn(account.opening_balance, currency, `accounts.${index}.opening_balance`);
    accounts.push({
      currencyId: currency.id,
      openingBalance: opening.toFixed(),
      openingBalanceDate: dayToDate(account.opening_balance_date),
      order: index,
    });
  }
  if (input.group_id) await groupOf({ db, workspace }, "wallet", input.group_id);

  return db.transaction(async (tx) => {
    const wallet = await tx.prisma.wallet.create({
      data: {
        workspaceId: workspace.id,
        ...walletColumns(input),
        createdByUserId: userId,
      },
    });
    await tx.prisma.account.createMany({
      data: accounts.map((account) => ({ ...account, workspaceId: workspace.id, walletId: wallet.id })),
    });
    return { id: wallet.id, version: wallet.version };
  });
}

/** The wallet's columns a create or an update sets from the form (undefined leaves a column as it is). */
function walletColumns(input: CreateWalletInput | UpdateWalletInput) {
  return {
    name: input.name,
    type: input.type,
    icon: input.icon,
    accentColor: input.accent_color,
    notes: input.notes,
    groupId: input.group_id,
    includeNetWorth: input.include_net_worth,
  };
}

/** Replaces the wallet's editable attributes and bumps its version. */
export async function updateWallet(
  { db, workspace }: WorkspaceContext,
  input: UpdateWalletInput,
): Promise<WalletWritten> {
  await walletOf({ db, workspace }, input.id);
  if (input.group_id) await groupOf({ db, workspace }, "wallet", input.group_id);
  const wallet = await db.prisma.wallet.update({
    where: { id: input.id },
    data: {
      ...walletColumns(input),
      order: input.order,
      ...bumpVersion,
    },
  });
  return { id: wallet.id, version: wallet.version };
}

/** Adds an account in a currency the wallet does not hold yet (an archived wallet takes none). */
export async function addAccount(
  { db, workspace }: WorkspaceContext,
  input: AddAccountInput,
): Promise<{ id: string; walletVersion: number }> {
  const currency = await currencyByCode(db, input.currency_code, "currency_code");
  const opening = amountIn(input.opening_balance, currency, "opening_balance");
  const added = db.transaction(async (tx) => {
    const wallet = await walletOf({ db: tx, workspace }, input.wallet_id);
    if (wallet.archivedAt)
      throw new AppError(
        "DOMAIN_CONSTRAINT_VIOLATION",
        "The wallet is archived; unarchive it before adding an account.",
      );
    const existing = await tx.prisma.account.findMany({ where: { walletId: wallet.id }, select: { currencyId: true } });
    if (existing.some((account) => account.currencyId === currency.id)) throw duplicateCurrency(currency.code);
    const account = await tx.prisma.account.create({
      data: {
        workspaceId: workspace.id,
        walletId: wallet.id,
        currencyId: currency.id,
        openingBalance: opening.toFixed(),
        openingBalanceDate: dayToDate(input.opening_balance_date),
        order: existing.length,
      },
    });
    const updated = await tx.prisma.wallet.update({ where: { id: wallet.id }, data: bumpVersion });
    return { id: account.id, walletVersion: updated.version };
  });
  // Two adds racing for one currency: the unique index on (wallet, currency) decides.
  return added.catch((error: unknown) => {
    throw (error as { code?: string }).code === "P2002" ? duplicateCurrency(currency.code) : error;
  });
}

/** Sets an account's opening balance and its date; the wallet's version moves on with it. */
export async function setOpeningBalance(
  { db, workspace }: WorkspaceContext,
  input: SetOpeningBalanceInput,
): Promise<WalletWritten> {
  const account = await db.prisma.account.findFirst({
    where: { id: input.account_id, workspaceId: workspace.id, wallet: { accountType: "asset" } },
    include: { currency: true },
  });
  if (!account) throw new AppError("RESOURCE_NOT_FOUND", "No account with this id exists in your workspace.");
  const currency = { ...account.currency, code: account.currency.code.trim() };
  const opening = amountIn(input.opening_balance, currency, "opening_balance");
  return db.transaction(async (tx) => {
    await tx.prisma.account.update({
      where: { id: account.id },
      data: { openingBalance: opening.toFixed(), openingBalanceDate: dayToDate(input.opening_balance_date) },
    });
    const wallet = await tx.prisma.wallet.update({ where: { id: account.walletId }, data: bumpVersion });
    return { id: wallet.id, version: wallet.version };
  });
}

/**
 * Archives (or brings back) a wallet: its accounts leave the account lists and take no new
 * transactions, while its history and balances stay readable.
 */
export async function setWalletArchived(
  { db, workspace }: WorkspaceContext,
  id: string,
  archived: boolean,
): Promise<WalletWritten> {
  const wallet = await walletOf({ db, workspace }, id);
  if ((wallet.archivedAt !== null) === archived) return { id: wallet.id, version: wallet.version };
  const updated = await db.prisma.wallet.update({
    where: { id },
    data: { archivedAt: archived ? new Date() : null, ...bumpVersion },
  });
  return { id: updated.id, version: updated.version };
}
