import { rateOn } from "../../money/fx";
import { currencyCatalogue } from "../../money/currencies";
import { formatMoney } from "../../money/money";
import { nextOccurrence } from "../../recurring/next-occurrence";
import { addDays, dateToDay, daysBetween } from "../../time/calendar";
import { dayStart, homeMoney } from "../context";
import type { Insight, InsightContext } from "../types";

/** A bill is upcoming when its next occurrence is at most this many days after today. */
const UPCOMING_BILL_DAYS = 7;
/** Due within this many days: medium priority, else low. */
const UPCOMING_BILL_SOON_DAYS = 2;

/**
 * upcoming_bill, current month only: an active recurring expense rule (rule or subscription)
 * whose next occurrence (endpoint 7's next_occurrence_date) is today or within 7 days. With an
 * account filter, only rules paid from those accounts. The id carries the due date, so every
 * occurrence is its own insight; triggered_at is 7 days before it.
 */
export async function upcomingBills(context: InsightContext): Promise<Insight[]> {
  if (!context.isCurrentMonth) return [];
  const rules = await context.db.prisma.recurringRule.findMany({
    where: {
      workspaceId: context.workspace.id,
      status: "active",
      type: "expense",
      ...(context.accountIds ? { accountId: { in: context.accountIds } } : {}),
    },
    orderBy: { id: "asc" },
  });
  const currencies = await currencyCatalogue(context.db);
  const horizon = addDays(context.today, UPCOMING_BILL_DAYS);
  const insights: Insight[] = [];
  for (const rule of rules) {
    const due = nextOccurrence(
      {
        frequency: rule.frequency,
        customIntervalDays: rule.customIntervalDays,
        startDate: dateToDay(rule.startDate),
        endDate: rule.endDate ? dateToDay(rule.endDate) : null,
        status: rule.status,
      },
      context.today,
    );
    if (due === null || due > horizon) continue;
    const currency = currencies.get(rule.currencyId)!;
    const rate = await rateOn(context.db, rule.currencyId, context.workspace.homeCurrencyId, context.today);
    const daysUntil = daysBetween(context.today, due);
    insights.push({
      id: `upcoming_bill:${context.period}:${rule.id}:${due}`,
      type: "upcoming_bill",
      priority: daysUntil <= UPCOMING_BILL_SOON_DAYS ? "medium" : "low",
      triggered_at: dayStart(addDays(due, -UPCOMING_BILL_DAYS)),
      entity_id: rule.id,
      associated_transaction_id: null,
      payload: {
        name: rule.name,
        kind: rule.kind,
        due_date: due,
        days_until: daysUntil,
        account_id: rule.accountId,
        amount: formatMoney(rule.amount.toString(), currency.decimalPlaces),
        currency_code: currency.code,
        home_amount: rate ? homeMoney(context, rate.rate.times(rule.amount.toString())) : null,
        home_currency_code: context.home.code,
      },
    });
  }
  return insights;
}
