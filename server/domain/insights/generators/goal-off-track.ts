import { listGoals, type GoalAttributes } from "../../goals/list-goals";
import { currencyCatalogue } from "../../money/currencies";
import { addDays } from "../../time/calendar";
import { dayStart } from "../context";
import type { Insight, InsightContext } from "../types";

const PAGE_LIMIT = 200;

async function activeGoals(context: InsightContext): Promise<Array<{ id: string; attributes: GoalAttributes }>> {
  const goals: Array<{ id: string; attributes: GoalAttributes }> = [];
  for (let page = 1; ; page += 1) {
    const result = await listGoals(context, { mode: "page", page, limit: PAGE_LIMIT }, { status: "active" });
    goals.push(...result.items);
    if (result.items.length < PAGE_LIMIT) return goals;
  }
}

/**
 * goal_off_track, current month only (a goal's progress is known as of today): an active goal
 * whose pace is `behind` (medium) or that is overdue (high), with the figures of endpoint 12.
 * triggered_at: the day after the target date when overdue, else the first day of the month.
 */
export async function goalsOffTrack(context: InsightContext): Promise<Insight[]> {
  if (!context.isCurrentMonth) return [];
  const currencies = await currencyCatalogue(context.db);
  const insights: Insight[] = [];
  for (const { id, attributes: goal } of await activeGoals(context)) {
    if (goal.pace !== "behind" && !goal.overdue) continue;
    insights.push({
      id: `goal_off_track:${context.period}:${id}`,
      type: "goal_off_track",
      priority: goal.overdue ? "high" : "medium",
      triggered_at: dayStart(goal.overdue && goal.target_date ? addDays(goal.target_date, 1) : context.periodStart),
      entity_id: id,
      associated_transaction_id: null,
      payload: {
        name: goal.name,
        pace: goal.pace,
        overdue: goal.overdue,
        target_amount: goal.target_amount,
        target_date: goal.target_date,
        current_saved: goal.current_saved,
        monthly_pace: goal.monthly_pace,
        remaining_amount: goal.pace_detail.remaining_amount,
        required_monthly: goal.pace_detail.required_monthly,
        months_remaining: goal.pace_detail.months_remaining,
        expected_completion_date: goal.expected_completion_date,
        currency_code: currencies.get(goal.currency_id)?.code ?? null,
      },
    });
  }
  return insights;
}
