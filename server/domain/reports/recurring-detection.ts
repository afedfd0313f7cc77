import { buildAggregate, type AggregateRow } from "../money/aggregate";
import { fxSql, unconvertibleSql } from "../money/fx";
import { Decimal, formatMoney } from "../money/money";
import {
  coefficientOfVariation,
  detectSeries,
  MIN_CADENCE_GAP_DAYS,
  withinTolerance,
  type Occurrence,
  type Series,
} from "./cadence";
import { byCurrency, groupRows, homeMoney } from "./flows";
import { containsWords, titleCase } from "./pattern";
import { runReport } from "./report";
import { periodAttributes, type ReportWindow } from "./window";
import type { WorkspaceContext } from "../workspace-context";

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
export function recurringDetection(context: WorkspaceContext) {
  return runReport(context, "recurring_detection", { range: "full" }, async (window) => {
    const [candidates, rules, money] = await Promise.all([
      candidateGroups(context, window),
      ruleRows(context),
      homeMoney(context),
    ]);
    const { missing } = candidates;
    const rows = await occurrenceRows(context, window, candidates);
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
        rate_date: series.members.reduce<string | null>(
          (latest, member) => (member.rateDate && (!latest || member.rateDate > latest) ? member.rateDate : latest),
          null,
        ),
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
  const nameMatches = (rulePattern: string) =>
    containsWords(key.pattern, rulePattern) || containsWords(rulePattern, key.pattern);
  return rules.some(
    (rule) =>
      rule.type === key.type &&
      rule.currency_id === key.currency_id &&
      (nameMatches(rule.name_pattern) || nameMatches(rule.raw_pattern)) &&
      withinTolerance(new Decimal(rule.amount), series.median.abs()),
  );
}

/** A group may hold up to this many times the transactions a series over its span can have. */
const MAX_SERIES_SHARE = 2;

interface GroupRow {
  description_pattern: string;
  type: string;
  currency_id: string;
  count: number;
  span_days: number;
  missing_fx_count: number;
}

/**
 * The (pattern, type, currency) groups that could hold a series: a non-empty pattern seen twice or
 * more, and at most twice as often as a series allows over its span (one occurrence per 5 days,
 * the shortest gap of any cadence). A series whose members are at least half of its group's
 * transactions always passes; everyday spending (a bakery visited every other day) is left out here,
 * so only the few plausible groups are read and examined. In the same pass: the income and expenses
 * without an FX rate.
 */
async function candidateGroups({ db, workspace }: WorkspaceContext, window: ReportWindow) {
  const groups = await db.sql.query<GroupRow>(
    `SELECT t.description_pattern, t.type::text AS type, t.currency_id, count(*)::int AS count,
            max(t.date) - min(t.date) AS span_days, count(*) FILTER (WHERE ${unconvertibleSql("$2::uuid")})::int AS missing_fx_count
       FROM transactions t
      WHERE t.workspace_id = $1 AND t.type <> 'transfer' AND t.date BETWEEN $3::date AND $4::date
      GROUP BY 1, 2, 3`,
    [workspace.id, workspace.homeCurrencyId, window.start, window.end],
  );
  const candidates = groups.filter(
    (group) =>
      group.description_pattern !== "" &&
      group.count >= 2 &&
      group.count <= MAX_SERIES_SHARE * (Math.floor(group.span_days / MIN_CADENCE_GAP_DAYS) + 1),
  );
  return {
    keys: new Set(candidates.map((group) => `${group.description_pattern}|${group.type}|${group.currency_id}`)),
    patterns: [...new Set(candidates.map((group) => group.description_pattern))],
    missing: groups.reduce((total, group) => total + group.missing_fx_count, 0),
  };
}

/** The convertible occurrences of the candidate groups, oldest first within each group. */
async function occurrenceRows(
  { db, workspace }: WorkspaceContext,
  window: ReportWindow,
  candidates: { keys: Set<string>; patterns: string[] },
) {
  if (candidates.patterns.length === 0) return [];
  const fx = fxSql("$2::uuid");
  const rows = await db.sql.query<OccurrenceRow>(
    `SELECT t.description_pattern AS pattern, t.type::text AS type, t.currency_id, to_char(t.date, 'YYYY-MM-DD') AS date,
            t.amount::text AS amount, (${fx.homeAmount})::text AS home_amount, to_char(fx.rate_date, 'YYYY-MM-DD') AS rate_date,
            t.recurring_rule_id
       FROM transactions t ${fx.join}
      WHERE t.workspace_id = $1 AND t.description_pattern = ANY($5::text[]) AND t.type <> 'transfer'
        AND t.date BETWEEN $3::date AND $4::date AND (${fx.homeAmount}) IS NOT NULL
      ORDER BY t.description_pattern, t.type, t.currency_id, t.date, t.id`,
    [workspace.id, workspace.homeCurrencyId, window.start, window.end, candidates.patterns],
  );
  return rows.filter((row) => candidates.keys.has(`${row.pattern}|${row.type}|${row.currency_id}`));
}

function ruleRows({ db, workspace }: WorkspaceContext): Promise<RuleRow[]> {
  return db.sql.query<RuleRow>(
    `SELECT type::text AS type, currency_id, amount::text AS amount,
            description_pattern(name) AS name_pattern, description_pattern(raw_name) AS raw_pattern
       FROM recurring_rules WHERE workspace_id = $1`,
    [workspace.id],
  );
}
