import type { Prisma } from "../../db/generated/prisma/client";
import { balancesOn, dailyBalances } from "../accounts/balances";
import { currencyCatalogue, currencyObject } from "../money/currencies";
import { rateOn, type Rate } from "../money/fx";
import { Decimal, formatMoney, percentage } from "../money/money";
import { dateToDay, todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";

const SPARKLINE_DAYS = 30;

export const walletInclude = {
  accounts: { orderBy: [{ order: "asc" as const }, { id: "asc" as const }] },
} satisfies Prisma.WalletInclude;
export type WalletRow = Prisma.WalletGetPayload<{ include: typeof walletInclude }>;

const day = (date: Date | null) => (date ? dateToDay(date) : null);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A wallet as the API shows it, with balances today in the workspace timezone: each account's,
 * the total in the home currency at today's rate (accounts without a rate within 7 days are left
 * out), and 30 daily closing totals for the sparkline (each account converted at today's rate).
 */
export async function walletView({ db, workspace }: WorkspaceContext, wallet: WalletRow) {
  const today = todayIn(workspace.timezone);
  const currencies = await currencyCatalogue(db);
  const home = currencies.get(workspace.homeCurrencyId)!;
  const balances = await balancesOn(
    db,
    wallet.accounts.map((account) => account.id),
    today,
  );
  const series = await dailyBalances(db, balances, today, SPARKLINE_DAYS);
  const rates = new Map<string, Rate | null>();
  for (const account of wallet.accounts) {
    if (!rates.has(account.currencyId))
      rates.set(account.currencyId, await rateOn(db, account.currencyId, home.id, today));
  }

  const inHome = (accountId: string, amount: Decimal, currencyId: string) => {
    const rate = rates.get(currencyId);
    return rate ? amount.times(rate.rate) : null;
  };
  let total = new Decimal(0);
  const sparkline = Array.from({ length: SPARKLINE_DAYS }, () => new Decimal(0));
  for (const account of wallet.accounts) {
    const converted = inHome(account.id, balances.get(account.id)!, account.currencyId);
    if (converted === null) continue;
    total = total.plus(converted);
    series.get(account.id)!.forEach((value, index) => {
      sparkline[index] = sparkline[index]!.plus(inHome(account.id, value, account.currencyId)!);
    });
  }
  const points = sparkline.map((value) => Number(formatMoney(value, home.decimalPlaces)));
  const first = sparkline[0]!;
  const last = sparkline[SPARKLINE_DAYS - 1]!;

  const accounts = wallet.accounts.map((account) => {
    const currency = currencies.get(account.currencyId)!;
    return {
      id: account.id,
      currency: currencyObject(currency),
      current_balance: formatMoney(balances.get(account.id)!, currency.decimalPlaces),
      opening_balance: formatMoney(account.openingBalance.toString(), currency.decimalPlaces),
      opening_balance_date: day(account.openingBalanceDate),
      opening_balance_missing: account.openingBalanceDate === null,
      active: account.active,
      iban: account.iban,
      bic: account.bic,
      account_number: account.accountNumber,
    };
  });
  const firstAccount = wallet.accounts[0];
  const cardCurrency = firstAccount ? currencies.get(firstAccount.currencyId)! : home;

  return {
    version: wallet.version,
    name: wallet.name,
    type: wallet.type,
    icon: wallet.icon,
    icon_url: wallet.iconUrl,
    accent_color: wallet.accentColor,
    group_id: wallet.groupId,
    include_net_worth: wallet.includeNetWorth,
    notes: wallet.notes,
    order: wallet.order,
    liability_type: wallet.liabilityType,
    liability_direction: wallet.liabilityDirection,
    interest: wallet.interest === null ? null : formatMoney(wallet.interest.toString(), 4),
    interest_period: wallet.interestPeriod,
    monthly_payment_date: wallet.monthlyPaymentDate,
    term_periods: wallet.termPeriods,
    repayment_type: wallet.repaymentType,
    scheduled_payment_amount:
      wallet.scheduledPaymentAmount === null
        ? null
        : formatMoney(wallet.scheduledPaymentAmount.toString(), cardCurrency.decimalPlaces),
    first_payment_date: day(wallet.firstPaymentDate),
    payment_day_of_month: wallet.paymentDayOfMonth,
    expected_settle_date: day(wallet.expectedSettleDate),
    accounts,
    total_balance: formatMoney(total, home.decimalPlaces),
    total_balance_currency: currencyObject(home),
    total_today_at: new Date().toISOString(),
    per_currency: accounts.map((account) => ({
      currency_id: account.currency.id,
      currency_code: account.currency.code,
      amount: account.current_balance,
    })),
    balance_sparkline_30d: points,
    balance_trend_30d_percentage: percentage(last.minus(first), first.abs()),
    needs_opening_balance_setup: wallet.accounts.some(
      (account) => account.active && account.openingBalanceDate === null,
    ),
    last_reconciled_at: day(wallet.lastReconciledAt),
    reconciliation_status: wallet.reconciliationStatus,
    credit_card:
      wallet.type === "credit_card" && firstAccount
        ? {
            card_type: wallet.creditCardType,
            credit_limit:
              wallet.creditLimit === null
                ? null
                : formatMoney(wallet.creditLimit.toString(), cardCurrency.decimalPlaces),
            available_credit:
              wallet.creditLimit === null
                ? null
                : formatMoney(
                    wallet.creditLimit.plus(balances.get(firstAccount.id)!.toString()).toString(),
                    cardCurrency.decimalPlaces,
                  ),
            payment_day_of_month: wallet.paymentDayOfMonth,
            currency_code: cardCurrency.code,
          }
        : null,
    created_at: wallet.createdAt.toISOString(),
    updated_at: wallet.updatedAt.toISOString(),
    archived_at: iso(wallet.archivedAt),
    is_archived: wallet.archivedAt !== null,
  };
}

export type WalletAttributes = Awaited<ReturnType<typeof walletView>>;
