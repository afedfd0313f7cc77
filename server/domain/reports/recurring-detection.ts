import type { Database } from "../../db";
import type { WorkspaceRef } from "../identity/authenticate";
import { buildAggregate, type AggregateRow } from "../money/aggregate";
import { fxSql } from "../money/fx";
import { Decimal, formatMoney } from "../money/money";
import { coefficientOfVariation, detectSeries, MIN_CADENCE_GAP_DAYS, withinTolerance, type Occurrence, type Series } from "./cadence";
import { byCurrency, groupRows, homeMoney } from "./flows";
import { containsWords, titleCase } from "./pattern";
import { runReport } from "./report";
import { periodAttributes, type ReportScope, type ReportWindow } from "./window";

interface OccurrenceRow {
  pattern: string;
  type: "expense" | "income";
  currency_id: string;
  date: string;
  amount: string;
  home_amount: string;
  rate_date: string | null;
  recurring_rule_id: string | null;
}

interface RuleRow {
  type: string;
  currency_id: string;
  amount: string;
  name_pattern: string;
  raw_pattern: string;
}

/**
 * Endpoint 17: recurring income and expenses that no recurring rule tracks yet, over the plan's full
 * window ending with the current month. Transactions without an FX rate are left out (missing_fx_count).
 * A series is covered when one of its transactions was booked by a rule, or a rule of the same type
 * and currency has a name (or raw name) pattern contained in the series' pattern (or the other way
 * round) and an amount within 10% of the series' median.
 */
export function recurringDetection(scope: ReportScope) {
  const { db, workspace } = scope;
  return runReport(scope, "recurring_detection", { range: "full" }, async (window) => {
    const [rows, missing, rules, money] = await Promise.all([
      occurrenceRows(db, workspace, window),
      missingRates(db, workspace, window),
      ruleRows(db, workspace),
      homeMoney(db, workspace),
    ]);
    const groups = groupRows(rows, (row) => `${row.pattern}|${row.type}|${row.currency_id}`);
    const detected = [...groups.values()].flatMap((group) => {
      const first = group[0]!;
      const series = detectSeries(group.map(toOccurrence));
      if (!series || isCovered(series, first, rules)) return [];
      const avgHome = mean(series.members.map((member) => member.home));
      const avgAmount = mean(series.members.map((member) => member.amount));
      const monthly = avgHome.abs().times(series.perMonth);
      const estimate: AggregateRow = {
        currency_id: first.currency_id,
        amount: avgAmount.abs().times(series.perMonth).toString(),
        count: 1,
        home_amount: monthly.toString(),
        missing_fx_count: 0,
        rate_date: series.members.reduce<string | null>((latest, member) => (member.rateDate && (!latest || member.rateDate > latest) ? member.rateDate : latest), null),
      };
      return [{ first, series, avgHome, monthly, estimate }];
    });
    detected.sort((a, b) => b.monthly.comparedTo(a.monthly) || a.first.pattern.localeCompare(b.first.pattern));
    const expenses = detected.filter((item) => item.first.type === "expense").map((item) => item.estimate);
    return {
      ...periodAttributes(window),
      analysis_period_months: window.view.applied_months,
      detected: detected.map(({ first, series, avgHome }) => ({
        description_pattern: first.pattern,
        suggested_name: titleCase(first.pattern),
        avg_amount: money.format(avgHome),
        frequency: series.frequency,
        count: series.members.length,
        last_date: series.members.at(-1)!.date,
        amount_variance: formatMoney(coefficientOfVariation(series.members.map((member) => member.amount)), 4),
        suggested_action: first.type === "expense" ? ("create_subscription" as const) : ("create_rule" as const),
      })),
      total_estimated_monthly_agg: buildAggregate(byCurrency(expenses), money.currencies, money.home),
      fx_partial: missing > 0,
      missing_fx_count: missing,
    };
  });
}

function toOccurrence(row: OccurrenceRow): Occurrence {
  return {
    date: row.date,
    amount: new Decimal(row.amount),
    home: new Decimal(row.home_amount),
    rateDate: row.rate_date,
    recurringRuleId: row.recurring_rule_id,
  };
}

function mean(values: readonly Decimal[]): Decimal {
  return values.reduce((total, value) => total.plus(value), new Decimal(0)).div(values.length || 1);
}

function isCovered(series: Series, key: OccurrenceRow, rules: readonly RuleRow[]): boolean {
  if (series.members.some((member) => member.recurringRuleId !== null)) return true;
  const nameMatches = (rulePattern: string) => containsWords(key.pattern, rulePattern) || containsWords(rulePattern, key.pattern);
  return rules.some(
    (rule) =>
      rule.type === key.type &&
      rule.currency_id === key.currency_id &&
      (nameMatches(rule.name_pattern) || nameMatches(rule.raw_pattern)) &&
      withinTolerance(new Decimal(rule.amount), series.median.abs()),
  );
}

/**
 * Convertible income and expenses with a non-empty pattern, of the (pattern, type, currency) groups
 * that could hold a series: seen twice or more, and no denser than one occurrence per 5 days (the
 * shortest gap of any cadence) over their span. Everyday spending (a bakery visited every other day)
 * is left out in SQL, so only the few plausible groups are read and examined.
 */
function occurrenceRows(db: Database, workspace: WorkspaceRef, window: ReportWindow): Promise<OccurrenceRow[]> {
  const fx = fxSql("$2::uuid");
  const within = `t.workspace_id = $1 AND t.type <> 'transfer' AND t.date BETWEEN $3::date AND $4::date AND t.description_pattern <> ''`;
  return db.sql.query<OccurrenceRow>(
    `WITH candidates AS (
       SELECT t.description_pattern, t.type, t.currency_id
         FROM transactions t
        WHERE ${within}
        GROUP BY 1, 2, 3
       HAVING count(*) >= 2 AND count(*) <= (max(t.date) - min(t.date)) / ${MIN_CADENCE_GAP_DAYS} + 1
     )
     SELECT t.description_pattern AS pattern, t.type::text AS type, t.currency_id, to_char(t.date, 'YYYY-MM-DD') AS date,
            t.amount::text AS amount, (${fx.homeAmount})::text AS home_amount, to_char(fx.rate_date, 'YYYY-MM-DD') AS rate_date,
            t.recurring_rule_id
       FROM transactions t
       JOIN candidates c USING (description_pattern, type, currency_id)
       ${fx.join}
      WHERE ${within} AND (${fx.homeAmount}) IS NOT NULL
      ORDER BY t.description_pattern, t.type, t.currency_id, t.date, t.id`,
    [workspace.id, workspace.homeCurrencyId, window.start, window.end],
  );
}

/** Income and expenses without a rate, counted per (day, currency): one look-up per day, not per row. */
async function missingRates(db: Database, workspace: WorkspaceRef, window: ReportWindow): Promise<number> {
  const fx = fxSql("$2::uuid", "t", "count");
  const [row] = await db.sql.query<{ missing: number }>(
    `WITH foreign_days AS (
       SELECT t.date, t.currency_id, count(*) AS count FROM transactions t
        WHERE t.workspace_id = $1 AND t.type <> 'transfer' AND t.currency_id <> $2::uuid AND t.date BETWEEN $3::date AND $4::date
        GROUP BY 1, 2
     )
     SELECT ${fx.missing} AS missing FROM foreign_days t ${fx.join}`,
    [workspace.id, workspace.homeCurrencyId, window.start, window.end],
  );
  return row?.missing ?? 0;
}

function ruleRows(db: Database, workspace: WorkspaceRef): Promise<RuleRow[]> {
  return db.sql.query<RuleRow>(
    `SELECT type::text AS type, currency_id, amount::text AS amount,
            description_pattern(name) AS name_pattern, description_pattern(raw_name) AS raw_pattern
       FROM recurring_rules WHERE workspace_id = $1`,
    [workspace.id],
  );
}
