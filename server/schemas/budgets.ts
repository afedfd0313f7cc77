import { z } from "zod";
import { calendarDay, displayName, entityId, hexColor, positiveAmount } from "./planning-fields";

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
