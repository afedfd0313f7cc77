import { listBudgets, type BudgetView } from "../../budgets/read-budgets";
import { fxSql } from "../../money/fx";
import { Decimal } from "../../money/money";
import { dayStart } from "../context";
import type { Insight, InsightContext } from "../types";

const PAGE_LIMIT = 200;

/**
 * Active budgets with the status of their period containing the period's judging day (asOf). A
 * budget starting after asOf reports its first period: the generators skip it.
 */
async function activeBudgets(context: InsightContext): Promise<BudgetView[]> {
  const views: BudgetView[] = [];
  for (let page = 1; ; page += 1) {
    const result = await listBudgets(
      context,
      { mode: "page", page, limit: PAGE_LIMIT },
      { active: true, periodDate: context.asOf },
    );
    views.push(...result.items);
    if (result.items.length < PAGE_LIMIT) return views;
  }
}

/** Both budget generators read the same figures: computed once per context. */
const memo = new WeakMap<InsightContext, Promise<BudgetView[]>>();
function budgetsOf(context: InsightContext): Promise<BudgetView[]> {
  let views = memo.get(context);
  if (!views) memo.set(context, (views = activeBudgets(context)));
  return views;
}

/** Spending per day of the budget's period, in the budget currency, counted as endpoint 11 counts it. */
async function dailySpending(
  context: InsightContext,
  view: BudgetView,
): Promise<Array<{ day: string; spent: Decimal }>> {
  const { attributes } = view;
  if (attributes.category_ids.length === 0) return [];
  const fx = fxSql("$2::uuid");
  const rows = await context.db.sql.query<{ day: string; spent: string }>(
    `SELECT to_char(t.date, 'YYYY-MM-DD') AS day, (-COALESCE(SUM(${fx.homeAmount}), 0))::text AS spent
       FROM category_lines t ${fx.join}
      WHERE t.workspace_id = $1 AND t.type = 'expense' AND t.category_id = ANY($3::uuid[])
        AND t.date BETWEEN $4::date AND $5::date AND ($6::boolean OR t.recurring_rule_id IS NULL)
      GROUP BY t.date ORDER BY t.date`,
    [
      context.workspace.id,
      attributes.currency_id,
      attributes.category_ids,
      attributes.current_period.period_start,
      attributes.current_period.period_end,
      attributes.include_recurring_transactions,
    ],
  );
  return rows.map((row) => ({ day: row.day, spent: new Decimal(row.spent) }));
}

function budgetPayload(view: BudgetView) {
  const period = view.attributes.current_period;
  return {
    name: view.attributes.name,
    period_start: period.period_start,
    period_end: period.period_end,
    available: period.available,
    spent: period.spent,
    remaining: period.remaining,
    expected_spend_to_date: period.expected_spend_to_date,
    spent_percentage: period.spent_percentage,
    days_elapsed: period.days_elapsed,
    days_total: period.days_total,
    currency_code: view.attributes.currency.code,
    missing_fx_count: period.missing_fx_count,
  };
}

/**
 * budget_overspend (high): an active budget whose period containing asOf is `over`.
 * triggered_at: the first day on which the period's running spending exceeded `available`.
 */
export async function budgetOverspends(context: InsightContext): Promise<Insight[]> {
  const insights: Insight[] = [];
  for (const view of await budgetsOf(context)) {
    const period = view.attributes.current_period;
    if (period.status !== "over" || period.period_start > context.asOf) continue;
    const available = new Decimal(period.available);
    let running = new Decimal(0);
    let crossed = period.period_start;
    for (const { day, spent } of await dailySpending(context, view)) {
      running = running.plus(spent);
      if (running.toDecimalPlaces(view.attributes.currency.decimal_places, Decimal.ROUND_HALF_UP).gt(available)) {
        crossed = day;
        break;
      }
    }
    insights.push({
      id: `budget_overspend:${context.period}:${view.id}`,
      type: "budget_overspend",
      priority: "high",
      triggered_at: dayStart(crossed),
      entity_id: view.id,
      associated_transaction_id: null,
      payload: budgetPayload(view),
    });
  }
  return insights;
}

/**
 * budget_pace (medium): an active budget `at_risk` in a period that has not ended by today.
 * triggered_at: the last day with spending in the period (the latest fact), else its first day.
 */
export async function budgetPaces(context: InsightContext): Promise<Insight[]> {
  const insights: Insight[] = [];
  for (const view of await budgetsOf(context)) {
    const period = view.attributes.current_period;
    if (period.status !== "at_risk" || period.period_start > context.asOf || period.period_end < context.today)
      continue;
    const days = await dailySpending(context, view);
    insights.push({
      id: `budget_pace:${context.period}:${view.id}`,
      type: "budget_pace",
      priority: "medium",
      triggered_at: dayStart(days[days.length - 1]?.day ?? period.period_start),
      entity_id: view.id,
      associated_transaction_id: null,
      payload: budgetPayload(view),
    });
  }
  return insights;
}
