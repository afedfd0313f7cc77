import { buildAggregate, type AggregateRow } from "../money/aggregate";
import { workspaceLearner } from "../categorisation/categoriser";
import { fxSql } from "../money/fx";
import { byCurrency, groupRows, homeMoney, homeTotal, missingOf } from "./flows";
import { runReport } from "./report";
import { LINE_SOURCES, type LineSource } from "./line-sources";
import { periodAttributes, type ReportWindow } from "./window";
import type { WorkspaceContext } from "../workspace-context";

const MAX_CLUSTERS = 50;
const SAMPLE_SIZE = 5;

interface ClusterRow extends AggregateRow {
  pattern: string;
  last_date: string;
  /** Up to 5 newest of the row's transactions per summed group, as "YYYY-MM-DD|id", comma-separated. */
  samples: string;
}

/**
 * Endpoint 16: uncategorised income and expense transactions of the plan's full window ending with
 * the current month, grouped by description pattern; the largest clusters (by count) first, at most 50.
 * Amounts are signed (money out negative) in the home currency; avg_amount = total_amount divided by
 * the transactions that could be converted.
 */
export function uncategorizedClusters(context: WorkspaceContext) {
  return runReport(context, "uncategorized_clusters", { range: "full" }, async (window) => {
    const [rows, money, learner] = await Promise.all([
      clusterRows(context, window),
      homeMoney(context),
      workspaceLearner(context),
    ]);
    const clusters = [...groupRows(rows, (row) => row.pattern)].map(([pattern, parts]) => {
      const count = parts.reduce((total, part) => total + part.count, 0);
      const missing = missingOf(parts);
      const total = homeTotal(parts);
      const agg = buildAggregate(byCurrency(parts), money.currencies, money.home);
      // What the person's own categorised transactions say about the pattern (a "Make a rule" default).
      const suggested = learner.suggest({ description: pattern, amount: total.div(Math.max(count, 1)).toFixed(2) });
      return {
        description_pattern: pattern,
        count,
        total_amount: money.format(total),
        avg_amount: money.format(count > missing ? total.div(count - missing) : 0),
        last_date: parts.reduce((last, part) => (part.last_date > last ? part.last_date : last), ""),
        sample_transaction_ids: newestSamples(parts),
        total_amount_agg: agg,
        fx_partial: missing > 0,
        missing_fx_count: missing,
        suggested_category_id: suggested?.categoryId ?? null,
        suggested_category_confidence: suggested ? Math.round(suggested.confidence * 1000) / 1000 : null,
        suggested_category_reason: suggested?.reason ?? null,
        total,
      };
    });
    clusters.sort(
      (a, b) =>
        b.count - a.count ||
        b.total.abs().comparedTo(a.total.abs()) ||
        a.description_pattern.localeCompare(b.description_pattern),
    );
    const missing = missingOf(rows);
    return {
      ...periodAttributes(window),
      currency_code: money.home.code,
      currency_symbol: money.home.symbol,
      analysis_period_months: window.view.applied_months,
      total_uncategorized_count: rows.reduce((total, row) => total + row.count, 0),
      clusters: clusters.slice(0, MAX_CLUSTERS).map(({ total: _total, ...cluster }) => cluster),
      fx_partial: missing > 0,
      missing_fx_count: missing,
    };
  });
}

/** Uncategorised income and expenses (or parts) of the workspace ($1) between the two day parameters. */
function uncategorizedWhere(line: LineSource, from: string, to: string): string {
  return `${line.where} AND t.workspace_id = $1 AND ${line.category} IS NULL AND t.type <> 'transfer' AND t.date BETWEEN ${from}::date AND ${to}::date`;
}

/**
 * Sums per (pattern, currency) in one pass over the rows: first per day for currencies other than
 * the home one (a day has one rate; only those sums are converted), each with its 5 newest
 * transactions as sample candidates. Whole transactions and uncategorised parts are two queries at
 * once (line-sources.ts); a pattern may so have two rows of a currency, which the report adds up.
 */
async function clusterRows({ db, workspace }: WorkspaceContext, window: ReportWindow): Promise<ClusterRow[]> {
  const fx = fxSql("$2::uuid", "t", "count");
  const sources = await Promise.all(
    LINE_SOURCES.map((line) =>
      db.sql.query<ClusterRow>(
        `WITH sums AS (
           SELECT t.description_pattern AS pattern, t.currency_id,
                  CASE WHEN t.currency_id = $2::uuid THEN NULL ELSE t.date END AS date,
                  SUM(${line.amount}) AS amount, count(*) AS count, max(t.date) AS last_date,
                  (array_agg(to_char(t.date, 'YYYY-MM-DD') || '|' || t.id ORDER BY t.date DESC, t.id DESC))[1:${SAMPLE_SIZE}] AS samples
             FROM ${line.from}
            WHERE ${uncategorizedWhere(line, "$3", "$4")}
            GROUP BY 1, 2, 3
         )
         SELECT t.pattern, t.currency_id,
                SUM(t.amount)::text AS amount, SUM(t.count)::int AS count,
                SUM(${fx.homeAmount})::text AS home_amount, ${fx.missing} AS missing_fx_count, ${fx.rateDate} AS rate_date,
                to_char(max(t.last_date), 'YYYY-MM-DD') AS last_date, string_agg(array_to_string(t.samples, ','), ',') AS samples
           FROM sums t ${fx.join}
          GROUP BY 1, 2`,
        [workspace.id, workspace.homeCurrencyId, window.start, window.end],
      ),
    ),
  );
  return sources.flat();
}

/** Up to 5 ids of a pattern's transactions, newest first (then by id, for a stable choice). */
function newestSamples(parts: readonly ClusterRow[]): string[] {
  // "YYYY-MM-DD|id" sorts like (date, id): a uuid's text sorts like its value.
  // A split transaction with two uncategorised parts is one sample.
  const candidates = [...new Set(parts.flatMap((part) => part.samples.split(",")))];
  candidates.sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
  return candidates.slice(0, SAMPLE_SIZE).map((candidate) => candidate.slice(candidate.indexOf("|") + 1));
}
