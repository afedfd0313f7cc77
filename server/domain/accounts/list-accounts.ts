import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { currencyCatalogue, type CurrencyInfo } from "../money/currencies";
import { rateOn } from "../money/fx";
import { formatMoney } from "../money/money";
import { readCacheKey } from "../data-version/read-cache-key";
import { workspaceCached } from "../data-version/workspace-cache";
import { afterKeyWhere, paginate, type PageRequest, type PageResult } from "../pagination";
import { dateToDay, todayIn } from "../time/calendar";
import { balancesOn } from "./balances";
import type { WorkspaceContext } from "../workspace-context";

export const activeAssetAccount = (workspaceId: string): Prisma.AccountWhereInput => ({
  workspaceId,
  active: true,
  wallet: { accountType: "asset", archivedAt: null },
});

const accountInclude = { wallet: { include: { group: true, _count: { select: { accounts: true } } } } } as const;
type AccountRow = Prisma.AccountGetPayload<{ include: typeof accountInclude }>;

export interface AccountView {
  id: string;
  attributes: ReturnType<typeof toAttributes>;
}

/** The display name: the wallet's, with the currency when the wallet holds several. */
export function accountName(walletName: string, accountsInWallet: number, currencyCode: string): string {
  return accountsInWallet > 1 ? `${walletName} (${currencyCode})` : walletName;
}

function day(date: Date | null): string | null {
  return date ? dateToDay(date) : null;
}

function decimal(value: Prisma.Decimal | null, places: number): string | null {
  return value === null ? null : formatMoney(value.toString(), places);
}

function toAttributes(row: AccountRow, currency: CurrencyInfo, balance: string, nativeBalance: string | null) {
  const wallet = row.wallet;
  return {
    name: accountName(wallet.name, wallet._count.accounts, currency.code),
    type: wallet.accountType,
    account_role: wallet.accountRole,
    currency_id: currency.id,
    currency_code: currency.code,
    currency_symbol: currency.symbol,
    currency_decimal_places: currency.decimalPlaces,
    current_balance: balance,
    native_current_balance: nativeBalance,
    active: row.active,
    notes: wallet.notes,
    liability_type: wallet.liabilityType,
    iban: row.iban,
    account_number: row.accountNumber,
    bic: row.bic,
    opening_balance: formatMoney(row.openingBalance.toString(), currency.decimalPlaces),
    opening_balance_date: day(row.openingBalanceDate),
    virtual_balance: formatMoney(row.virtualBalance.toString(), currency.decimalPlaces),
    include_net_worth: wallet.includeNetWorth,
    credit_card_type: wallet.creditCardType,
    first_payment_date: day(wallet.firstPaymentDate),
    payment_day_of_month: wallet.paymentDayOfMonth,
    interest: decimal(wallet.interest, 4),
    interest_period: wallet.interestPeriod,
    scheduled_payment_amount: decimal(wallet.scheduledPaymentAmount, currency.decimalPlaces),
    liability_direction: wallet.liabilityDirection,
    expected_settle_date: day(wallet.expectedSettleDate),
    order: row.order,
    icon: wallet.icon,
    icon_color: wallet.accentColor,
    group_id: wallet.groupId,
    group_name: wallet.group?.name ?? null,
    wallet_id: wallet.id,
  };
}

/** Endpoint 13: the workspace's active asset accounts with balances today (workspace timezone). */
export function listAccounts(context: WorkspaceContext, request: PageRequest): Promise<PageResult<AccountView>> {
  return workspaceCached(context, readCacheKey(context.workspace, "accounts", request), () =>
    computeAccountList(context, request),
  );
}

async function computeAccountList(
  { db, workspace }: WorkspaceContext,
  request: PageRequest,
): Promise<PageResult<AccountView>> {
  const where = activeAssetAccount(workspace.id);
  const page = await paginate<AccountRow>(request, {
    fetch: (after, skip, take) =>
      db.prisma.account.findMany({
        where: after ? { AND: [where, after] } : where,
        include: accountInclude,
        orderBy: [{ order: "asc" }, { wallet: { name: "asc" } }, { id: "asc" }],
        skip,
        take,
      }),
    count: () => db.prisma.account.count({ where }),
    keyOf: (row) => ({ order: row.order, name: row.wallet.name, id: row.id }),
    afterWhere: (key) => afterKeyWhere(key, (name) => ({ wallet: { name } })),
  });

  return { ...page, items: await accountViews({ db, workspace }, page.items) };
}

/** The accounts as the API shows them, with balances today (workspace timezone). */
async function accountViews({ db, workspace }: WorkspaceContext, rows: AccountRow[]): Promise<AccountView[]> {
  const today = todayIn(workspace.timezone);
  const currencies = await currencyCatalogue(db);
  const balances = await balancesOn(
    db,
    rows.map((row) => row.id),
    today,
  );
  return Promise.all(
    rows.map(async (row) => {
      const currency = currencies.get(row.currencyId)!;
      const home = currencies.get(workspace.homeCurrencyId)!;
      const balance = balances.get(row.id)!;
      const rate = await rateOn(db, row.currencyId, workspace.homeCurrencyId, today);
      const native = rate ? formatMoney(balance.times(rate.rate), home.decimalPlaces) : null;
      return {
        id: row.id,
        attributes: toAttributes(row, currency, formatMoney(balance, currency.decimalPlaces), native),
      };
    }),
  );
}

/** The workspace's asset accounts of `ids` (inactive ones and those of archived wallets too) as the list shows them. */
export async function accountsByIds(context: WorkspaceContext, ids: string[]): Promise<AccountView[]> {
  const rows = await context.db.prisma.account.findMany({
    where: { workspaceId: context.workspace.id, id: { in: ids }, wallet: { accountType: "asset" } },
    include: accountInclude,
  });
  return accountViews(context, rows);
}

/** One account of the workspace (any kind, archived wallets too) as the API shows it, or 404. */
export async function getAccount(context: WorkspaceContext, id: string): Promise<AccountView> {
  const row = await context.db.prisma.account.findFirst({
    where: { id, workspaceId: context.workspace.id },
    include: accountInclude,
  });
  if (!row) throw new AppError("RESOURCE_NOT_FOUND", "No account with this id exists in your workspace.");
  const [view] = await accountViews(context, [row]);
  return view!;
}
