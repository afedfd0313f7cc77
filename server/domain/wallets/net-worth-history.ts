import { balancesOn } from "../accounts/balances";
import { activeAssetAccount } from "../accounts/list-accounts";
import { visibleWallets } from "./read-wallets";
import { currencyCatalogue, currencyObject, type CurrencyInfo } from "../money/currencies";
import { rateOn, type Rate } from "../money/fx";
import { Decimal, formatMoney } from "../money/money";
import { AppError } from "../../errors";
import { addMonths, dateToDay, endOfMonth, monthOf, todayIn } from "../time/calendar";
import { readCacheKey } from "../data-version/read-cache-key";
import { workspaceCached } from "../data-version/workspace-cache";
import type { WorkspaceContext } from "../workspace-context";

export interface NetWorthHistoryInput {
  /** How many months, ending with the current one. */
  months: number;
  /** Only this wallet's accounts (its balance history); null for every wallet in net worth. */
  wallet_id: string | null;
}

interface CountedAccount {
  id: string;
  currencyId: string;
  walletId: string;
  walletName: string;
  openedOn: string | null;
}

/**
 * Net worth at the end of each month (the current month: today), in the home currency at that
 * day's rate: the balance of each active account of the wallets included in net worth (or of one
 * wallet, included or not) on that day, as the accounts list computes today's (opening balance
 * plus the transactions from the opening date up to the day). An account opened after the day did
 * not exist yet and counts nothing; an account without a rate within the lookback is left out of
 * the total and counted. The last point equals the home page's net worth, to the cent.
 */
export function netWorthHistory(context: WorkspaceContext, input: NetWorthHistoryInput) {
  // Up to 60 days' balances and rates: kept per data version, as the other computed reads are.
  return workspaceCached(context, readCacheKey(context.workspace, "net-worth-history", input), () =>
    computeHistory(context, input),
  );
}

async function computeHistory(context: WorkspaceContext, input: NetWorthHistoryInput) {
  const { db, workspace } = context;
  const currencies = await currencyCatalogue(db);
  const home = currencies.get(workspace.homeCurrencyId)!;
  const today = todayIn(workspace.timezone);
  if (input.wallet_id) {
    // The wallets endpoint 10 shows: a liability wallet (a loan) is 404 here as there.
    const wallet = await db.prisma.wallet.findFirst({
      where: { ...visibleWallets(workspace.id), id: input.wallet_id },
      select: { id: true },
    });
    if (!wallet) throw new AppError("RESOURCE_NOT_FOUND", "No wallet with this id exists in the token's workspace.");
  }
  const rows = await db.prisma.account.findMany({
    where: {
      AND: [
        activeAssetAccount(workspace.id),
        input.wallet_id ? { walletId: input.wallet_id } : { wallet: { includeNetWorth: true } },
      ],
    },
    select: { id: true, currencyId: true, openingBalanceDate: true, wallet: { select: { id: true, name: true } } },
    orderBy: [{ order: "asc" }, { wallet: { name: "asc" } }, { id: "asc" }],
  });
  const accounts: CountedAccount[] = rows.map((row) => ({
    id: row.id,
    currencyId: row.currencyId,
    walletId: row.wallet.id,
    walletName: row.wallet.name,
    openedOn: row.openingBalanceDate ? dateToDay(row.openingBalanceDate) : null,
  }));

  const days = Array.from({ length: input.months }, (_, index) => {
    const month = monthOf(addMonths(today, index - input.months + 1));
    return { month, day: index === input.months - 1 ? today : endOfMonth(month) };
  });
  const points = [];
  for (const { month, day } of days) {
    points.push({ month, as_of: day, ...(await worthOn(context, accounts, day, home)) });
  }
  return {
    currency: currencyObject(home),
    wallet_id: input.wallet_id,
    points: points.map(formatPoint(home.decimalPlaces, currencies)),
  };
}

interface Worth {
  total: Decimal;
  withoutRate: number;
  perCurrency: Map<string, { amount: Decimal; home: Decimal | null }>;
  perWallet: Map<string, { name: string; home: Decimal; partial: boolean }>;
}

async function worthOn(
  { db }: WorkspaceContext,
  accounts: CountedAccount[],
  day: string,
  home: CurrencyInfo,
): Promise<Worth> {
  // Accounts opened after the day did not exist on it.
  const existing = accounts.filter((account) => account.openedOn === null || account.openedOn <= day);
  const balances = await balancesOn(
    db,
    existing.map((account) => account.id),
    day,
  );
  const rates = new Map<string, Rate | null>();
  for (const currencyId of new Set(existing.map((account) => account.currencyId))) {
    rates.set(currencyId, await rateOn(db, currencyId, home.id, day));
  }
  const worth: Worth = { total: new Decimal(0), withoutRate: 0, perCurrency: new Map(), perWallet: new Map() };
  for (const account of existing) {
    const balance = balances.get(account.id) ?? new Decimal(0);
    const rate = rates.get(account.currencyId) ?? null;
    // Rounded per account, as the accounts list's native_current_balance is: the sums are those of the list.
    const converted = rate ? new Decimal(formatMoney(balance.times(rate.rate), home.decimalPlaces)) : null;
    const currency = worth.perCurrency.get(account.currencyId) ?? { amount: new Decimal(0), home: new Decimal(0) };
    currency.amount = currency.amount.plus(balance);
    currency.home = converted && currency.home ? currency.home.plus(converted) : null;
    worth.perCurrency.set(account.currencyId, currency);
    const wallet = worth.perWallet.get(account.walletId) ?? {
      name: account.walletName,
      home: new Decimal(0),
      partial: false,
    };
    if (converted) {
      worth.total = worth.total.plus(converted);
      wallet.home = wallet.home.plus(converted);
    } else {
      worth.withoutRate += 1;
      wallet.partial = true;
    }
    worth.perWallet.set(account.walletId, wallet);
  }
  return worth;
}

function formatPoint(places: number, currencies: Awaited<ReturnType<typeof currencyCatalogue>>) {
  return ({ month, as_of, total, withoutRate, perCurrency, perWallet }: Worth & { month: string; as_of: string }) => ({
    month,
    as_of,
    amount: formatMoney(total, places),
    accounts_without_rate: withoutRate,
    per_currency: [...perCurrency.entries()]
      .map(([currencyId, entry]) => {
        const currency = currencies.get(currencyId)!;
        return {
          currency_code: currency.code,
          amount: formatMoney(entry.amount, currency.decimalPlaces),
          home_amount: entry.home === null ? null : formatMoney(entry.home, places),
        };
      })
      .sort((a, b) => a.currency_code.localeCompare(b.currency_code)),
    per_wallet: [...perWallet.entries()].map(([walletId, entry]) => ({
      wallet_id: walletId,
      wallet_name: entry.name,
      home_amount: formatMoney(entry.home, places),
      partial: entry.partial,
    })),
  });
}
