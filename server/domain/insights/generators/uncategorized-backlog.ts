import { fxSql } from "../../money/fx";
import { accountFilterSql, dayStart, homeMoney } from "../context";
import type { Insight, InsightContext } from "../types";

/** More uncategorised transactions than this in a month make a backlog... */
const BACKLOG_THRESHOLD = 10;
/** ...and more than this a medium-priority one (low otherwise). */
const BACKLOG_MEDIUM_THRESHOLD = 50;

/**
 * uncategorized_backlog: more than 10 transactions without a category (transfers aside) dated in
 * the month up to asOf. triggered_at: the date of the 11th of them (by date, then id).
 */
export async function uncategorizedBacklog(context: InsightContext): Promise<Insight[]> {
  const fx = fxSql("$2::uuid");
  const [row] = await context.db.sql.query<{
    count: number;
    amount: string | null;
    missing: number;
    crossed: string | null;
  }>(
    // Per transaction first: a split one with two uncategorised parts is one transaction of the backlog.
    `SELECT count(*)::int AS count, SUM(u.amount)::text AS amount, SUM(u.missing)::int AS missing,
            (array_agg(to_char(u.date, 'YYYY-MM-DD') ORDER BY u.date, u.id))[$6::int] AS crossed
       FROM (SELECT t.id, t.date, SUM(abs(${fx.homeAmount})) AS amount, ${fx.missing} AS missing
               FROM category_lines t ${fx.join}
              WHERE t.workspace_id = $1 AND t.category_id IS NULL AND t.type <> 'transfer'
                AND t.date BETWEEN $3::date AND $4::date AND ${accountFilterSql("$5")}
              GROUP BY t.id, t.date) u`,
    [
      context.workspace.id,
      context.workspace.homeCurrencyId,
      context.periodStart,
      context.asOf,
      context.accountIds,
      BACKLOG_THRESHOLD + 1,
    ],
  );
  if (!row || row.count <= BACKLOG_THRESHOLD || row.crossed === null) return [];
  return [
    {
      id: `uncategorized_backlog:${context.period}`,
      type: "uncategorized_backlog",
      priority: row.count > BACKLOG_MEDIUM_THRESHOLD ? "medium" : "low",
      triggered_at: dayStart(row.crossed),
      entity_id: null,
      associated_transaction_id: null,
      payload: {
        count: row.count,
        amount: homeMoney(context, row.amount ?? 0),
        currency_code: context.home.code,
        missing_fx_count: row.missing,
      },
    },
  ];
}
