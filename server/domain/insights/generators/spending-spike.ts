import { fxSql } from "../../money/fx";
import { Decimal, percentage, sum } from "../../money/money";
import {
  accountFilterSql,
  comparisonWindows,
  dayStart,
  homeMoney,
  MERCHANT_KEY_SQL,
  MERCHANT_SQL,
  roundHome,
  windowIndexOf,
  type MonthWindow,
} from "../context";
import type { Insight, InsightContext } from "../types";

const SPIKE_MONTHS = 3;
/** The month's spending must exceed the average by this factor... */
const SPIKE_FACTOR = new Decimal("1.5");
/** ...and by at least this much in the home currency. */
const SPIKE_MIN_INCREASE = new Decimal(100);
/** At or above this multiple of the average the spike is high priority. */
const SPIKE_HIGH_FACTOR = new Decimal(3);

interface CategoryDays {
  /** Spending per window (0 = the period), rounded to the home currency's places. */
  totals: Decimal[];
  days: Array<{ day: string; spent: Decimal }>;
  missing: number;
}

/**
 * spending_spike: a category whose spending in the month (expenses net of refunds booked as
 * expenses, in the home currency) is more than 150% of its average over the 3 months before and
 * more than 100 above it; categories without spending in those months are left out. In the
 * current month every month is counted up to today's day of month. triggered_at: the day the
 * month's running spending first passed both thresholds.
 */
export async function spendingSpikes(context: InsightContext): Promise<Insight[]> {
  const windows = comparisonWindows(context, SPIKE_MONTHS);
  const fx = fxSql("$2::uuid");
  const rows = await context.db.sql.query<{ category_id: string; day: string; spent: string | null; missing: number }>(
    `SELECT t.category_id, to_char(t.date, 'YYYY-MM-DD') AS day, (-SUM(${fx.homeAmount}))::text AS spent, ${fx.missing} AS missing
       FROM category_lines t ${fx.join}
      WHERE t.workspace_id = $1 AND t.type = 'expense' AND t.category_id IS NOT NULL
        AND t.date BETWEEN $3::date AND $4::date AND ${accountFilterSql("$5")}
      GROUP BY t.category_id, t.date
      ORDER BY t.date`,
    [
      context.workspace.id,
      context.workspace.homeCurrencyId,
      windows[SPIKE_MONTHS]!.start,
      windows[0]!.end,
      context.accountIds,
    ],
  );
  const byCategory = new Map<string, CategoryDays>();
  for (const row of rows) {
    const index = windowIndexOf(windows, row.day);
    if (index === null) continue;
    let entry = byCategory.get(row.category_id);
    if (!entry)
      byCategory.set(row.category_id, (entry = { totals: windows.map(() => new Decimal(0)), days: [], missing: 0 }));
    const spent = new Decimal(row.spent ?? 0);
    entry.totals[index] = entry.totals[index]!.plus(spent);
    if (index === 0) {
      entry.days.push({ day: row.day, spent });
      entry.missing += row.missing;
    }
  }

  const insights: Insight[] = [];
  for (const [categoryId, entry] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
    const totals = entry.totals.map((total) => roundHome(context, total));
    const month = totals[0]!;
    const average = roundHome(context, sum(totals.slice(1)).div(SPIKE_MONTHS));
    if (!average.gt(0)) continue;
    const threshold = Decimal.max(average.times(SPIKE_FACTOR), average.plus(SPIKE_MIN_INCREASE));
    if (!month.gt(threshold)) continue;
    let running = new Decimal(0);
    let crossed = windows[0]!.end;
    for (const { day, spent } of entry.days) {
      running = running.plus(spent);
      if (roundHome(context, running).gt(threshold)) {
        crossed = day;
        break;
      }
    }
    insights.push({
      id: `spending_spike:${context.period}:${categoryId}`,
      type: "spending_spike",
      priority: month.gte(average.times(SPIKE_HIGH_FACTOR)) ? "high" : "medium",
      triggered_at: dayStart(crossed),
      entity_id: categoryId,
      associated_transaction_id: null,
      payload: {
        category_id: categoryId,
        amount: homeMoney(context, month),
        average_amount: homeMoney(context, average),
        increase_amount: homeMoney(context, month.minus(average)),
        share_percentage: percentage(month, average),
        previous_months: windows
          .slice(1)
          .map((window, index) => ({ month: window.month, amount: homeMoney(context, totals[index + 1]!) })),
        compared_through_day: Number(windows[0]!.end.slice(8, 10)),
        currency_code: context.home.code,
        missing_fx_count: entry.missing,
      },
    });
  }
  // One query for the merchants of every category that spiked; each insight is the category's (entity_id).
  const merchants = await largestMerchants(
    context,
    windows[0]!,
    insights.map((insight) => insight.entity_id!),
  );
  for (const insight of insights) {
    const merchant = merchants.get(insight.entity_id!);
    insight.payload.top_merchant = merchant?.name ?? null;
    insight.payload.top_merchant_amount = merchant ? homeMoney(context, merchant.spent) : null;
  }
  return insights;
}

/**
 * The merchant each category spent most at in `window` (home currency; expenses without a rate left
 * out), by MERCHANT_KEY_SQL so that "REWE Markt" and "rewe markt" are one; named as most of its rows
 * write it. Ties go to the name first in byte order (the same on every database's collation).
 */
async function largestMerchants(
  context: InsightContext,
  window: MonthWindow,
  categoryIds: string[],
): Promise<Map<string, { name: string; spent: string }>> {
  if (categoryIds.length === 0) return new Map();
  const fx = fxSql("$2::uuid");
  const rows = await context.db.sql.query<{ category_id: string; name: string; spent: string }>(
    `SELECT DISTINCT ON (category_id) category_id, name, spent::text AS spent FROM (
       SELECT t.category_id, mode() WITHIN GROUP (ORDER BY ${MERCHANT_SQL} COLLATE "C") AS name, -SUM(${fx.homeAmount}) AS spent
         FROM category_lines t ${fx.join}
        WHERE t.workspace_id = $1 AND t.type = 'expense' AND t.category_id = ANY($3::uuid[])
          AND t.date BETWEEN $4::date AND $5::date AND ${accountFilterSql("$6")}
        GROUP BY t.category_id, ${MERCHANT_KEY_SQL}
     ) merchants
     WHERE spent > 0
     ORDER BY category_id, spent DESC, name COLLATE "C"`,
    [context.workspace.id, context.workspace.homeCurrencyId, categoryIds, window.start, window.end, context.accountIds],
  );
  return new Map(rows.map((row) => [row.category_id, { name: row.name, spent: row.spent }]));
}
