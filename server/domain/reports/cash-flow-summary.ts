import type { Database } from "../../db";
import { accountName } from "../accounts/list-accounts";
import type { WorkspaceRef } from "../identity/authenticate";
import { buildAggregate } from "../money/aggregate";
import { Decimal, percentage } from "../money/money";
import { spendingByCategory } from "./category-spending";
import { fxLossesHome } from "./fx-losses";
import { byCurrency, categoryRefs, groupRows, homeMoney, incomeOf, loadFlows, missingOf, rankDesc, spendingOf, type HomeMoney } from "./flows";
import { runReport } from "./report";
import { periodAttributes, type WindowRequest } from "./window";
import type { WorkspaceContext } from "../workspace-context";

/** The savings rate the summary measures against: a fixed guideline (20% of income), not a setting. */
export const TARGET_SAVINGS_RATE = "20.00";

/** savings / income * 100 from the rounded home amounts; null without income. */
function savingsRate(income: string, savings: string): string | null {
  return new Decimal(income).isZero() ? null : percentage(savings, income);
}

/**
 * Endpoint 19: income, expenses and savings of `month` in the home currency, where the income came
 * from (receiving account) and went to (category), the trend over the window, and what currency
 * transfers of the month lost to exchange rates.
 */
export function cashFlowSummary(context: WorkspaceContext, request: WindowRequest) {
  const { db, workspace } = context;
  return runReport(context, "cash_flow_summary", request, async (window) => {
    const [flows, categoryOf, money, accountOf, fxLosses] = await Promise.all([
      loadFlows(db, workspace, window.start, window.end),
      categoryRefs(db, workspace),
      homeMoney(db, workspace),
      accountRefs(db, workspace),
      fxLossesHome(db, workspace, `${window.month}-01`, window.end),
    ]);
    const monthRows = flows.filter((row) => row.month === window.month);
    const income = buildAggregate(byCurrency(monthRows.filter((row) => row.type === "income")), money.currencies, money.home);
    const expenses = buildAggregate(byCurrency(monthRows.filter((row) => row.type === "expense")), money.currencies, money.home, -1);
    const incomeHome = income.home_converted.amount;
    const expensesHome = expenses.home_converted.amount;
    const savings = buildAggregate(byCurrency(monthRows), money.currencies, money.home);
    // Rounded income minus rounded expenses, so the three figures always add up as shown.
    savings.home_converted.amount = money.format(new Decimal(incomeHome).minus(expensesHome));

    const sources = [...groupRows(monthRows.filter((row) => row.type === "income"), (row) => row.account_id)].map(([accountId, rows]) => {
      const account = accountOf(accountId, money);
      const amount = money.format(incomeOf(rows));
      return { account_id: accountId, wallet_id: account.walletId, name: account.name, amount, percentage: percentage(amount, incomeHome) };
    });
    sources.sort((a, b) => rankDesc({ amount: new Decimal(a.amount), name: a.name, id: a.account_id }, { amount: new Decimal(b.amount), name: b.name, id: b.account_id }));

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
      return { month, income: monthIncome, expenses: monthExpenses, savings: monthSavings, savings_rate: savingsRate(monthIncome, monthSavings) };
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
      fx_losses_home: money.format(fxLosses),
      fx_partial: missing > 0,
      missing_fx_count: missing,
    };
  });
}

interface AccountRef {
  walletId: string;
  name: string;
}

/** Account id -> its wallet and display name (the wallet's, with the currency when it holds several). */
async function accountRefs(db: Database, workspace: WorkspaceRef): Promise<(id: string, money: HomeMoney) => AccountRef> {
  const rows = await db.prisma.account.findMany({
    where: { workspaceId: workspace.id },
    select: { id: true, currencyId: true, wallet: { select: { id: true, name: true, _count: { select: { accounts: true } } } } },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id, money) => {
    const row = byId.get(id);
    if (!row) return { walletId: "", name: "Unknown" };
    const code = money.currencies.get(row.currencyId)?.code ?? "";
    return { walletId: row.wallet.id, name: accountName(row.wallet.name, row.wallet._count.accounts, code) };
  };
}
