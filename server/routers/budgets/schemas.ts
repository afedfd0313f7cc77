import { z } from "zod";
import { DAY_RANGE_MESSAGE, isWithinDayRange } from "../../domain/time/day-range";
import { createdBy, currencyObject, day, money } from "../shared/fields";
import { calendarDay, displayName, entityId, hexColor, positiveAmount } from "../shared/planning-fields";
import { resource, timestamp } from "../shared/schemas";

export const BUDGET_PERIODS = ["weekly", "monthly", "quarterly", "yearly"] as const;
export const ROLLOVER_STRATEGIES = ["none", "carry"] as const;
export const PACING_STRATEGIES = ["linear", "front_loaded", "none"] as const;

/** Every editable field of a budget, as the dashboard sends it. */
const budgetFields = {
  name: displayName,
  /** Budgeted per period; base_amount follows it. */
  amount: positiveAmount,
  currency_id: entityId("a currency"),
  category_ids: z
    .array(z.uuid())
    .min(1, "choose at least one category")
    .max(200, "at most 200 categories")
    .refine((ids) => new Set(ids).size === ids.length, "names a category twice"),
  period: z.enum(BUDGET_PERIODS),
  rollover_strategy: z.enum(ROLLOVER_STRATEGIES),
  pacing_strategy: z.enum(PACING_STRATEGIES),
  include_recurring_transactions: z.boolean(),
  /** First day of the first period. */
  start_date: calendarDay,
  accent_color: hexColor.nullable(),
};

export const createBudgetInput = z.object({
  ...budgetFields,
  /** Default: the workspace's home currency. */
  currency_id: budgetFields.currency_id.optional(),
  period: budgetFields.period.default("monthly"),
  rollover_strategy: budgetFields.rollover_strategy.default("none"),
  pacing_strategy: budgetFields.pacing_strategy.default("linear"),
  include_recurring_transactions: budgetFields.include_recurring_transactions.default(true),
  /** Default: the first day of the current month in the workspace timezone. */
  start_date: budgetFields.start_date.optional(),
  accent_color: budgetFields.accent_color.default(null),
});

/** Only the fields sent change; category_ids, when sent, replaces the budget's categories. */
export const updateBudgetInput = z.object({ id: z.uuid(), ...z.object(budgetFields).partial().shape });

export const setBudgetActiveInput = z.object({ id: z.uuid(), active: z.boolean() });

export type CreateBudgetInput = z.output<typeof createBudgetInput>;
export type UpdateBudgetInput = z.output<typeof updateBudgetInput>;

/**
 * Query parameter of both budget endpoints: the day whose period is reported. Bounded so that a
 * carried rollover never has to walk through hundreds of thousands of periods.
 */
export const periodDateInput = day
  .refine(isWithinDayRange, DAY_RANGE_MESSAGE)
  .meta({
    description:
      "A day (YYYY-MM-DD) from 1900-01-01 to 2199-12-31 in the period to report; default today in the workspace timezone.",
    example: "2026-11-21",
    // The years the server takes, beside the format's own pattern.
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      jsonSchema.allOf = [{ pattern: "^(?:19|20|21)\\d{2}-" }];
    },
  })
  .optional();

export const currentPeriod = z
  .object({
    period_start: day.describe("First day of the period."),
    period_end: day.describe("Last day of the period (the day before the next one starts)."),
    period_date: day.describe("The day asked for (period_date, default today), echoed."),
    days_total: z.number().int().describe("Days in the period."),
    days_elapsed: z
      .number()
      .int()
      .meta({ description: "Days of the period up to and including today (0 before it starts)." }),
    budgeted: money.describe("The budget's amount for this period."),
    rollover_in: money.meta({
      description: "Carried from the previous period (available - spent; may be negative); 0 without rollover.",
    }),
    available: money.describe("budgeted + rollover_in."),
    spent: money.describe(
      "Spending in the budget's categories during the period, positive (refunds booked as expenses reduce it); each transaction at its date's rate. Income and transfers never count.",
    ),
    remaining: money.describe("available - spent; negative when overspent."),
    expected_spend_to_date: money
      .nullable()
      .describe(
        "What the pacing expects spent by today: linear max(0, available) * days_elapsed / days_total, front_loaded with the square root of that share; null with pacing none.",
      ),
    spent_percentage: z
      .string()
      .nullable()
      .describe("spent / available * 100 with 2 places; null when available is 0 or less."),
    status: z
      .enum(["on_track", "at_risk", "over"])
      .describe(
        "over: spent > available; at_risk: spent > expected_spend_to_date * 1.1 (pacing none: > 90% of available); else on_track.",
      ),
    fx_partial: z.boolean().describe("True when missing_fx_count > 0."),
    missing_fx_count: z
      .number()
      .int()
      .describe("Transactions left out of spent (this period and, with carry, earlier ones) for lack of a rate."),
  })
  .meta({
    id: "BudgetPeriod",
    description: "Status of the budget period containing period_date, in the budget currency.",
  });

const budgetAttributes = z
  .object({
    name: z.string().describe("The budget's name."),
    active: z.boolean().describe("False for a budget switched off; it is still listed (filter with active)."),
    period: z
      .enum(["weekly", "monthly", "quarterly", "yearly"])
      .describe("Length of each period, counted from start_date."),
    start_date: day.meta({ description: "Extension: the first day of the budget's first period." }),
    rollover_strategy: z
      .enum(["none", "carry"])
      .describe(
        "none: each period starts afresh; carry: the previous period's remaining (also when negative) is added.",
      ),
    pacing_strategy: z
      .enum(["linear", "front_loaded", "none"])
      .describe(
        "How expected_spend_to_date grows over a period: linear, front_loaded (faster early on) or none (no expectation).",
      ),
    include_recurring_transactions: z
      .boolean()
      .describe("false: transactions created by a recurring rule do not count as spent."),
    accent_color: z.string().nullable().describe("Display colour, #rrggbb; null for none."),
    icon: z.string().nullable().describe("Icon name for display; null for none."),
    icon_url: z.string().nullable().describe("URL of an icon image; null for none."),
    currency_id: z.uuid().describe("The budget currency's id; every amount of the budget is in it."),
    version: z.number().int().describe("Starts at 1 and grows by one with every change."),
    currency: currencyObject.describe("The budget currency."),
    amount: money.describe("The amount budgeted per period."),
    base_amount: money.describe("The amount as set; equal to amount."),
    order: z.number().int().describe("Position in lists (ascending)."),
    created_at: timestamp.describe("When the budget was created."),
    created_by: createdBy,
    category_ids: z
      .array(z.uuid())
      .describe("Ids of the categories whose spending counts, in the order of categories."),
    categories: z
      .array(
        z.object({
          id: z.uuid().describe("The category's id."),
          name: z.string().describe("The category's name."),
          icon: z.string().nullable().describe("The category's icon_name; null for none."),
          accent_color: z.string().nullable().describe("The category's colour, #rrggbb; null for none."),
        }),
      )
      .describe("The categories whose spending counts, in list order."),
    current_period: currentPeriod.describe("The period containing period_date (default today, workspace timezone)."),
  })
  .describe("The budget's fields and the status of the selected period.");

export const budgetResource = resource("budgets", budgetAttributes).meta({
  id: "Budget",
  description: "A spending limit per period for some categories, with the status of the period containing period_date.",
});

/** A write's answer: the dashboard refreshes its list from it. */
export const budgetWritten = z.object({ id: z.uuid(), active: z.boolean(), version: z.number().int() });
