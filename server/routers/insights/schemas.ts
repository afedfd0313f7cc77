import { z } from "zod";
import type { InsightType } from "../../domain/insights/types";
import { currentPeriod } from "../budgets/schemas";
import { goalAttributes } from "../goals/list";
import { RECURRING_KINDS } from "../recurring-rules/schemas";
import { day, money, month } from "../shared/fields";
import { timestamp } from "../shared/schemas";

const currencyCode = z.string().describe("The currency of the payload's amounts (ISO 4217).");
const missingFx = z
  .number()
  .int()
  .describe("Transactions left out of the amounts for lack of an exchange rate to the home currency.");
const previousMonths = z
  .array(z.object({ month: month, amount: money }))
  .describe("The months compared with, newest first, each up to the same day of the month.");

/** How a month compares with the ones before it (spending_spike, income_drop). */
const monthComparison = {
  share_percentage: z.string().nullable().describe("amount / average_amount * 100, 2 places."),
  previous_months: previousMonths,
  compared_through_day: z.number().int().describe("Each month counted up to this day."),
  currency_code: currencyCode,
  missing_fx_count: missingFx,
};

const PAYLOAD_DESCRIPTION = "The figures behind the insight; amounts are decimal strings.";

/** A payload schema as a named component of the OpenAPI document (InsightPayloadBudget, ...). */
function payload<T extends z.ZodObject>(name: string, schema: T): T {
  return schema.meta({ id: `InsightPayload${name}`, description: PAYLOAD_DESCRIPTION });
}

/**
 * The figures behind an insight, by its type (server/domain/insights/generators). A budget's and a
 * goal's figures are the budget period's and the goal's own fields, as their lists answer them.
 */
const PAYLOADS = {
  anomaly: payload(
    "Anomaly",
    z.object({
      category_id: z.uuid().describe("The expense's category."),
      merchant: z.string().describe("Who the expense paid: its counterparty, else its description."),
      date: day.describe("The expense's day."),
      amount: money.describe("The expense, positive, in the home currency."),
      median_amount: money.describe("The median expense of the category over the history."),
      multiple: z.string().describe("amount / median_amount, 2 places."),
      history_count: z.number().int().describe("The category's expenses in the history."),
      history_start: day.describe("The first day of the history compared with."),
      currency_code: currencyCode,
    }),
  ),
  budget: payload(
    "Budget",
    currentPeriod
      .pick({
        period_start: true,
        period_end: true,
        available: true,
        spent: true,
        remaining: true,
        expected_spend_to_date: true,
        spent_percentage: true,
        days_elapsed: true,
        days_total: true,
        missing_fx_count: true,
      })
      .extend({ name: z.string().describe("The budget's name."), currency_code: currencyCode }),
  ),
  goal_off_track: payload(
    "GoalOffTrack",
    goalAttributes
      .pick({
        name: true,
        pace: true,
        overdue: true,
        target_amount: true,
        target_date: true,
        current_saved: true,
        monthly_pace: true,
        expected_completion_date: true,
      })
      .extend({
        ...goalAttributes.shape.pace_detail.pick({
          remaining_amount: true,
          required_monthly: true,
          months_remaining: true,
        }).shape,
        currency_code: currencyCode.nullable(),
      }),
  ),
  income_drop: payload(
    "IncomeDrop",
    z.object({
      amount: money.describe("The month's income so far, in the home currency."),
      average_amount: money.describe("The average of the months compared with."),
      decrease_amount: money.describe("average_amount - amount."),
      ...monthComparison,
    }),
  ),
  spending_spike: payload(
    "SpendingSpike",
    z.object({
      category_id: z.uuid().describe("The category."),
      amount: money.describe("The category's spending this month so far, in the home currency."),
      average_amount: money.describe("Its average over the months compared with."),
      increase_amount: money.describe("amount - average_amount."),
      top_merchant: z
        .string()
        .nullable()
        .describe(
          "The merchant the category spent most at this month (counterparty, else description; one merchant however " +
            "its name is cased), as most of its transactions write it; null when none has an amount in the home currency.",
        ),
      top_merchant_amount: money.nullable().describe("What the category spent there this month, in the home currency."),
      ...monthComparison,
    }),
  ),
  uncategorized_backlog: payload(
    "UncategorizedBacklog",
    z.object({
      count: z.number().int().describe("Expenses and income of the month without a category."),
      amount: money.describe("Their total in the home currency."),
      currency_code: currencyCode,
      missing_fx_count: missingFx,
    }),
  ),
  upcoming_bill: payload(
    "UpcomingBill",
    z.object({
      name: z.string().describe("The recurring rule's name."),
      kind: z.enum(RECURRING_KINDS),
      due_date: day,
      days_until: z.number().int().describe("Days from today to due_date."),
      account_id: z.uuid().describe("The account it is paid from."),
      amount: money.describe("The amount in the account's currency."),
      currency_code: currencyCode,
      home_amount: money.nullable().describe("The amount in the home currency; null without a rate."),
      home_currency_code: z.string(),
    }),
  ),
} as const;

const TYPE_MEANING: Record<InsightType, string> = {
  anomaly: "an unusually large expense",
  budget_overspend: "a budget spent beyond what it has",
  budget_pace: "a budget at risk",
  goal_off_track: "a savings goal behind its pace",
  upcoming_bill: "a recurring expense due within 7 days",
  spending_spike: "a category far above its 3-month average",
  income_drop: "income far below its 3-month average",
  uncategorized_backlog: "expenses and income without a category",
};

/** What every insight has, whatever its type. */
const insightFields = {
  id: z.string().meta({
    description: "Stable logical key `type:YYYY-MM[:...]`: the same facts give the same id.",
    example: "anomaly:2026-10:0b6f3c1e-8f7a-4d0e-9a57-3f1c2d4e5f60",
  }),
  priority: z.enum(["high", "medium", "low"]).describe("How much it matters; lists put high first."),
  triggered_at: timestamp.meta({
    description: "Derived from the facts (a day at 00:00:00.000Z), so it is stable too.",
  }),
  entity_id: z
    .uuid()
    .nullable()
    .meta({ description: "The transaction, budget, goal, recurring rule or category the insight is about." }),
  associated_transaction_id: z
    .uuid()
    .nullable()
    .describe("The transaction behind the insight (an anomaly's); null for the other types."),
};

/** One type's insight: the common fields, the type, and the payload its generator writes. */
function insightOf<T extends InsightType, P extends z.ZodObject>(type: T, payload: P) {
  return z
    .object({
      ...insightFields,
      type: z.literal(type).describe(`${type}: ${TYPE_MEANING[type]}.`),
      payload: payload,
    })
    .meta({ id: `Insight_${type}` });
}

/**
 * The spec's insight: a flat object (no type/attributes wrapper), one shape per `type`, each with
 * the payload its generator writes: a generated client gets a union it can switch on.
 */
export const insight = z
  .discriminatedUnion("type", [
    insightOf("anomaly", PAYLOADS.anomaly),
    insightOf("budget_overspend", PAYLOADS.budget),
    insightOf("budget_pace", PAYLOADS.budget),
    insightOf("goal_off_track", PAYLOADS.goal_off_track),
    insightOf("upcoming_bill", PAYLOADS.upcoming_bill),
    insightOf("spending_spike", PAYLOADS.spending_spike),
    insightOf("income_drop", PAYLOADS.income_drop),
    insightOf("uncategorized_backlog", PAYLOADS.uncategorized_backlog),
  ])
  .meta({
    id: "Insight",
    description: "Something worth a look in a month's data, as a flat object; its type says its payload.",
  });

/** An insight as this schema types it. The generators build payloads as plain objects; the output check reads each against its type's payload on every answer. */
export type TypedInsight = z.infer<typeof insight>;
// Every insight type has its member in the union: a new type fails the type check here.
const everyType: Exclude<InsightType, TypedInsight["type"]> extends never ? true : never = true;
void everyType;
