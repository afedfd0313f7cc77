import { fxSql } from "../../money/fx";
import { Decimal, percentage, sum } from "../../money/money";
import { accountFilterSql, comparisonWindows, dayStart, homeMoney, roundHome, windowIndexOf } from "../context";
import type { Insight, InsightContext } from "../types";

const INCOME_MONTHS = 3;
/** Income below this share of the average is a drop... */
const INCOME_DROP_SHARE = new Decimal("0.8");
/** ...and below this share a high-priority one. */
const INCOME_DROP_HIGH_SHARE = new Decimal("0.5");

/**
 * income_drop: the month's income (income transactions, home currency) is below 80% of the
 * average of the 3 months before it; nothing is said without income in those months. Only a month
 * that has ended is judged: income arrives on a few days (a salary a few days late is not a drop),
 * so a month still running, or one that has not begun, says nothing yet. triggered_at: the period's last day.
 */
export async function incomeDrops(context: InsightContext): Promise<Insight[]> {
  // Running (today's month) or not begun yet (a later month): no verdict on its income.
  if (context.periodEnd >= context.today) return [];
  const windows = comparisonWindows(context, INCOME_MONTHS);
  const fx = fxSql("$2::uuid");
  const rows = await context.db.sql.query<{ day: string; amount: string | null; missing: number }>(
    `SELECT to_char(t.date, 'YYYY-MM-DD') AS day, SUM(${fx.homeAmount})::text AS amount, ${fx.missing} AS missing
       FROM category_lines t ${fx.join}
      WHERE t.workspace_id = $1 AND t.type = 'income'
        AND t.date BETWEEN $3::date AND $4::date AND ${accountFilterSql("$5")}
      GROUP BY t.date`,
    [
      context.workspace.id,
      context.workspace.homeCurrencyId,
      windows[INCOME_MONTHS]!.start,
      windows[0]!.end,
      context.accountIds,
    ],
  );
  const totals = windows.map(() => new Decimal(0));
  let missing = 0;
  for (const row of rows) {
    const index = windowIndexOf(windows, row.day);
    if (index === null) continue;
    totals[index] = totals[index]!.plus(row.amount ?? 0);
    if (index === 0) missing += row.missing;
  }
  const rounded = totals.map((total) => roundHome(context, total));
  const month = rounded[0]!;
  const average = roundHome(context, sum(rounded.slice(1)).div(INCOME_MONTHS));
  if (!average.gt(0) || !month.lt(average.times(INCOME_DROP_SHARE))) return [];
  return [
    {
      id: `income_drop:${context.period}`,
      type: "income_drop",
      priority: month.lt(average.times(INCOME_DROP_HIGH_SHARE)) ? "high" : "medium",
      triggered_at: dayStart(windows[0]!.end),
      entity_id: null,
      associated_transaction_id: null,
      payload: {
        amount: homeMoney(context, month),
        average_amount: homeMoney(context, average),
        decrease_amount: homeMoney(context, average.minus(month)),
        share_percentage: percentage(month, average),
        previous_months: windows
          .slice(1)
          .map((window, index) => ({ month: window.month, amount: homeMoney(context, rounded[index + 1]!) })),
        compared_through_day: Number(windows[0]!.end.slice(8, 10)),
        currency_code: context.home.code,
        missing_fx_count: missing,
      },
    },
  ];
}
