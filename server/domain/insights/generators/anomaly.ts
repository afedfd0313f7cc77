import { fxSql } from "../../money/fx";
import { Decimal } from "../../money/money";
import { addMonths } from "../../time/calendar";
import { accountFilterSql, dayStart, homeMoney, MERCHANT_SQL, roundHome } from "../context";
import type { Insight, InsightContext } from "../types";

/** An expense above this multiple of its category's median is unusual... */
const ANOMALY_FACTOR = new Decimal(3);
/** ...when it is at least this much in the home currency. */
const ANOMALY_MIN_AMOUNT = new Decimal(50);
/** Above this multiple the anomaly is high priority. */
const ANOMALY_HIGH_FACTOR = new Decimal(10);
const ANOMALY_HISTORY_MONTHS = 6;
/** A median of fewer expenses says too little. */
const ANOMALY_MIN_HISTORY = 3;

interface Row {
  id: string;
  category_id: string;
  merchant: string;
  date: string;
  amount: string;
  median: string;
  history_count: number;
}

/**
 * anomaly: an expense of the month whose amount (home currency, at its date's rate) is more than
 * 3x the median of the same category's expenses over the 6 whole months before the period, and at
 * least 50. Expenses without a rate are left out on both sides.
 */
export async function anomalies(context: InsightContext): Promise<Insight[]> {
  const fx = fxSql("$2::uuid");
  const historyStart = addMonths(context.periodStart, -ANOMALY_HISTORY_MONTHS);
  const rows = await context.db.sql.query<Row>(
    `WITH spending AS (
       SELECT t.id, t.category_id, t.date, -(${fx.homeAmount}) AS spent, ${MERCHANT_SQL} AS merchant
         FROM category_lines t ${fx.join}
        WHERE t.workspace_id = $1 AND t.type = 'expense' AND t.amount < 0 AND t.category_id IS NOT NULL
          AND t.date BETWEEN $3::date AND $5::date AND ${accountFilterSql("$6")}
     ), history AS (
       SELECT category_id, spent,
              row_number() OVER (PARTITION BY category_id ORDER BY spent) AS rn,
              count(*) OVER (PARTITION BY category_id) AS n
         FROM spending WHERE date < $4::date AND spent IS NOT NULL
     ), medians AS (
       SELECT category_id, AVG(spent) AS median, max(n)::int AS history_count
         FROM history WHERE rn IN ((n + 1) / 2, (n + 2) / 2) GROUP BY category_id
     )
     SELECT s.id, s.category_id, s.merchant, to_char(s.date, 'YYYY-MM-DD') AS date, s.spent::text AS amount,
            m.median::text AS median, m.history_count
       FROM spending s JOIN medians m USING (category_id)
      WHERE s.date >= $4::date AND m.history_count >= $7
        -- loose pre-filter; the rule itself runs below on rounded amounts
        AND s.spent > 2.9 * m.median AND s.spent >= $8
      ORDER BY s.date, s.id`,
    [
      context.workspace.id,
      context.workspace.homeCurrencyId,
      historyStart,
      context.periodStart,
      context.asOf,
      context.accountIds,
      ANOMALY_MIN_HISTORY,
      ANOMALY_MIN_AMOUNT.minus(1).toString(),
    ],
  );
  const insights: Insight[] = [];
  // Two parts of one split transaction may both stand out: the transaction is one insight (its first).
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    const amount = roundHome(context, row.amount);
    const median = roundHome(context, row.median);
    if (median.lte(0) || !amount.gt(median.times(ANOMALY_FACTOR)) || amount.lt(ANOMALY_MIN_AMOUNT)) continue;
    const multiple = amount.div(median);
    seen.add(row.id);
    insights.push({
      id: `anomaly:${context.period}:${row.id}`,
      type: "anomaly",
      priority: multiple.gt(ANOMALY_HIGH_FACTOR) ? "high" : "medium",
      triggered_at: dayStart(row.date),
      entity_id: row.id,
      associated_transaction_id: row.id,
      payload: {
        category_id: row.category_id,
        merchant: row.merchant,
        date: row.date,
        amount: homeMoney(context, amount),
        median_amount: homeMoney(context, median),
        multiple: multiple.toFixed(2, Decimal.ROUND_HALF_UP),
        history_count: row.history_count,
        history_start: historyStart,
        currency_code: context.home.code,
      },
    });
  }
  return insights;
}
