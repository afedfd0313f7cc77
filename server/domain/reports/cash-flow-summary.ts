import { accountName } from "../accounts/list-accounts";
import { buildAggregate } from "../money/aggregate";
import { Decimal, percentage } from "../money/money";
import { spendingByCategory } from "./category-spending";
import { fxLossesHome } from "./fx-losses";
import {
  byCurrency,
  categoryRefs,
  groupRows,
  homeMoney,
  incomeOf,
  loadFlows,
  missingOf,
  rankDesc,
  spendingOf,
  type FlowRow,
  type HomeMoney,
} from "./flows";
import { runReport } from "./report";
import { addDays, endOfMonth, monthOf, startOfMonth } from "../time/calendar";
import { isPartialMonth, periodAttributes, shiftMonth, type ReportWindow, type WindowRequest } from "./window";
import type { WorkspaceContext } from "../workspace-context";

/** The savings rate the summary measures against: a fixed guideline (20% of income), not a setting. */
const TARGET_SAVINGS_RATE = "20.00";

/** Earlier months a month still running is compared with, each up to the same day of month. */
export const MONTH_TO_DATE_MONTHS = 3;

/** savings / income * 100 from the rounded home amounts; null without income. */
function savingsRate(income: string, savings: string): string | null {
  return new Decimal(income).isZero() ? null : percentage(savings, income);
}

/**
 * Endpoint 19: income, expenses and savings of `month` in the home currency, where the income came
 * from (receiving account) and went to (category), the trend over the window, and what currency
 * transfers of the month lost to exchange rates. A month still running is marked partial in the
 * trend and compared with the months before it up to the same day (month_to_date_comparison).
 */
export function cashFlowSummary(context: WorkspaceContext, request: WindowRequest) {
  return runReport(context, "cash_flow_summary", request, async (window) => {
    const [flows, categoryOf, money, accountOf, fxLosses, toDate] = await Promise.all([
      loadFlows(context, window.start, window.end, { tag: window.tag }),
      categoryRefs(context),
      homeMoney(context),
      accountRefs(context),
      fxLossesHome(context, `${window.month}-01`, window.end, window.tag),
      monthToDateFlows(context, window),
    ]);
    const monthRows = flows.filter((row) => row.month === window.month);
    const income = buildAggregate(
      byCurrency(monthRows.filter((row) => row.type === "income")),
      money.currencies,
      money.home,
    );
    const expenses = buildAggregate(
      byCurrency(monthRows.filter((row) => row.type === "expense")),
      money.currencies,
      money.home,
      -1,
    );
    const incomeHome = income.home_converted.amount;
    const expensesHome = expenses.home_converted.amount;
    const savings = buildAggregate(byCurrency(monthRows), money.currencies, money.home);
    // Rounded income minus rounded expenses, so the three figures always add up as shown.
    savings.home_converted.amount = money.format(new Decimal(incomeHome).minus(expensesHome));

    const sources = [
      ...groupRows(
        monthRows.filter((row) => row.type === "income"),
        (row) => row.account_id,
      ),
    ].map(([accountId, rows]) => {
      const account = accountOf(accountId, money);
      const amount = money.format(incomeOf(rows));
      return {
        account_id: accountId,
        wallet_id: account.walletId,
        name: account.name,
        amount,
        percentage: percentage(amount, incomeHome),
      };
    });
    sources.sort((a, b) =>
      rankDesc(
        { amount: new Decimal(a.amount), name: a.name, id: a.account_id },
        { amount: new Decimal(b.amount), name: b.name, id: b.account_id },
      ),
    );

    const categories = spendingByCategory(monthRows, [window.month], categoryOf).map((column) => {
      const amount = money.format(column.total);
      return { ...column.category, amount, percentage: percentage(amount, expensesHome) };
    });

    const byMonth = groupRows(flows, (row) => row.month);
    const trend = window.months.map((month) => {
      const rows = byMonth.get(month) ?? [];
      const monthIncome = money.format(incomeOf(rows));
      const monthExpenses = money.format(spendingOf(rows));
      const monthSavings = money.format(new Decimal(monthIncome).minus(monthExpenses));
      return {
        month,
        income: monthIncome,
        expenses: monthExpenses,
        savings: monthSavings,
        savings_rate: savingsRate(monthIncome, monthSavings),
        partial: isPartialMonth(month, window.today),
      };
    });
    const missing = missingOf(flows);
    return {
      ...periodAttributes(window),
      month: window.month,
      target_savings_rate: TARGET_SAVINGS_RATE,
      total_income_agg: income,
      total_expenses_agg: expenses,
      savings_agg: savings,
      savings_rate: savingsRate(incomeHome, savings.home_converted.amount),
      income_sources: sources,
      expense_categories: categories,
      monthly_trend: trend,
      month_to_date_comparison: toDate && monthToDateComparison(toDate, new Set(byMonth.keys()), money),
      fx_losses_home: money.format(fxLosses),
      fx_partial: missing > 0,
      missing_fx_count: missing,
    };
  });
}

interface MonthToDate {
  throughDay: number;
  /** The report month first, then the months before it, each from its first day to `through`. */
  months: Array<{ month: string; through: string; rows: FlowRow[] }>;
}

/**
 * For the current month: its flows and those of the MONTH_TO_DATE_MONTHS months before it, each
 * up to today's day of month (clamped to the month's end), so the month so far is compared like for
 * like. Null for a month that has ended or not begun.
 */
async function monthToDateFlows(context: WorkspaceContext, window: ReportWindow): Promise<MonthToDate | null> {
  if (window.month !== monthOf(window.today)) return null;
  const throughDay = Number(window.today.slice(8, 10));
  const months = await Promise.all(
    Array.from({ length: MONTH_TO_DATE_MONTHS + 1 }, async (_, offset) => {
      const month = shiftMonth(window.month, -offset);
      const cut = addDays(startOfMonth(month), throughDay - 1);
      const through = cut < endOfMonth(month) ? cut : endOfMonth(month);
      return {
        month,
        through,
        rows: await loadFlows(context, startOfMonth(month), through, { tag: window.tag, byCategory: false }),
      };
    }),
  );
  return { throughDay, months };
}

/** Income, expenses and savings (income - expenses, from the rounded amounts) with the savings rate. */
function figuresOf(income: string, expenses: string, money: HomeMoney) {
  const savings = money.format(new Decimal(income).minus(expenses));
  return { income, expenses, savings, savings_rate: savingsRate(income, savings) };
}

/**
 * The month so far against the earlier months up to the same day. Earlier months without any income
 * or expense at all (`monthsWithData`: before the workspace's first transaction) are not averaged.
 */
function monthToDateComparison(
  { throughDay, months }: MonthToDate,
  monthsWithData: ReadonlySet<string>,
  money: HomeMoney,
) {
  const figures = months.map(({ month, through, rows }) => ({
    month,
    through,
    ...figuresOf(money.format(incomeOf(rows)), money.format(spendingOf(rows)), money),
  }));
  const previous = figures.slice(1).filter((entry) => monthsWithData.has(entry.month));
  const average = (pick: (entry: (typeof figures)[number]) => string) =>
    money.format(previous.reduce((total, entry) => total.plus(pick(entry)), new Decimal(0)).div(previous.length));
  return {
    through_day: throughDay,
    months: figures,
    previous_months_compared: previous.length,
    previous_average:
      previous.length === 0
        ? null
        : figuresOf(
            average((entry) => entry.income),
            average((entry) => entry.expenses),
            money,
          ),
  };
}

interface AccountRef {
  walletId: string;
  name: string;
}

/** Account id -> its wallet and display name (the wallet's, with the currency when it holds several). */
async function accountRefs({ db, workspace }: WorkspaceContext): Promise<(id: string, money: HomeMoney) => AccountRef> {
  const rows = await db.prisma.account.findMany({
    where: { workspaceId: workspace.id },
    select: {
      id: true,
      currencyId: true,
      wallet: { select: { id: true, name: true, _count: { select: { accounts: true } } } },
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id, money) => {
    const row = byId.get(id);
    if (!row) return { walletId: "", name: "Unknown" };
    const code = money.currencies.get(row.currencyId)?.code ?? "";
    return { walletId: row.wallet.id, name: accountName(row.wallet.name, row.wallet._count.accounts, code) };
  };
}
