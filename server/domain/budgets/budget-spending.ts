import type { Db } from "../../db";
import { fxSql } from "../money/fx";
import { Decimal } from "../money/money";
import type { Period } from "./periods";

export interface PeriodSpending {
  /** Money out, in the budget currency (refunds booked as expenses reduce it); unrounded. */
  spent: Decimal;
  /** Transactions left out of `spent` for want of an exchange rate. */
  missingFx: number;
}

export interface SpendingQuery {
  workspaceId: string;
  /** The budget's currency: every amount is converted into it. */
  currencyId: string;
  categoryIds: string[];
  includeRecurring: boolean;
  /** Consecutive periods, oldest first. */
  periods: Period[];
}

/**
 * Spending of a budget in each of `periods`, in one grouped query: expense-type transactions of
 * the workspace (every account) in the budget's categories, converted into the budget currency
 * with the rate of the transaction's date (or the latest earlier one within 7 days). Transfers
 * never count; transactions made by a recurring rule count only when the budget includes them.
 */
export async function spendingByPeriod(db: Db, query: SpendingQuery): Promise<PeriodSpending[]> {
  const empty = () => query.periods.map(() => ({ spent: new Decimal(0), missingFx: 0 }));
  const first = query.periods[0];
  const last = query.periods[query.periods.length - 1];
  if (!first || !last || query.categoryIds.length === 0) return empty();

  const fx = fxSql("$2");
  const rows = await db.sql.query<{ idx: number; spent: string; missing_fx_count: number }>(
    `SELECT p.idx::int AS idx,
            (-COALESCE(SUM(${fx.homeAmount}), 0))::text AS spent,
            ${fx.missing} AS missing_fx_count
       FROM category_lines t
       JOIN unnest($3::date[], $4::date[]) WITH ORDINALITY AS p(period_start, period_end, idx)
         ON t.date BETWEEN p.period_start AND p.period_end
       ${fx.join}
      WHERE t.workspace_id = $1
        AND t.type = 'expense'
        AND t.category_id = ANY($5::uuid[])
        AND t.date BETWEEN $6::date AND $7::date
        AND ($8::boolean OR t.recurring_rule_id IS NULL)
      GROUP BY p.idx`,
    [
      query.workspaceId,
      query.currencyId,
      query.periods.map((period) => period.start),
      query.periods.map((period) => period.end),
      query.categoryIds,
      first.start,
      last.end,
      query.includeRecurring,
    ],
  );
  const result = empty();
  for (const row of rows) result[row.idx - 1] = { spent: new Decimal(row.spent), missingFx: row.missing_fx_count };
  return result;
}
