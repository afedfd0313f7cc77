import { z } from "zod";
import { createdBy, currencyObject, day, money } from "../../shared/fields";
import { resource, timestamp } from "../../shared/schemas";

/**
 * Query parameter of both budget endpoints: the day whose period is reported. Bounded so that a
 * carried rollover never has to walk through hundreds of thousands of periods.
 */
export const periodDateInput = day
  .refine((value) => value >= "1900-01-01" && value <= "2199-12-31", "must be a day from 1900-01-01 to 2199-12-31")
  .meta({ description: "A day (YYYY-MM-DD) in the period to report; default today in the workspace timezone.", example: "2026-11-21" })
  .optional();

const currentPeriod = z
  .object({
    period_start: day,
    period_end: day,
    period_date: day,
    days_total: z.number().int(),
    days_elapsed: z.number().int().meta({ description: "Days of the period up to and including today (0 before it starts)." }),
    budgeted: money,
    rollover_in: money.meta({ description: "Carried from the previous period (available - spent; may be negative); 0 without rollover." }),
    available: money,
    spent: money,
    remaining: money,
    expected_spend_to_date: money.nullable(),
    spent_percentage: z.string().nullable(),
    status: z.enum(["on_track", "at_risk", "over"]),
    fx_partial: z.boolean(),
    missing_fx_count: z.number().int(),
  })
  .meta({ description: "Status of the budget period containing period_date, in the budget currency." });

export const budgetAttributes = z.object({
  name: z.string(),
  active: z.boolean(),
  period: z.enum(["weekly", "monthly", "quarterly", "yearly"]),
  start_date: day.meta({ description: "Extension: the first day of the budget's first period." }),
  rollover_strategy: z.enum(["none", "carry"]),
  pacing_strategy: z.enum(["linear", "front_loaded", "none"]),
  include_recurring_transactions: z.boolean(),
  accent_color: z.string().nullable(),
  icon: z.string().nullable(),
  icon_url: z.string().nullable(),
  currency_id: z.uuid(),
  version: z.number().int(),
  currency: currencyObject,
  amount: money,
  base_amount: money,
  order: z.number().int(),
  created_at: timestamp,
  created_by: createdBy,
  category_ids: z.array(z.uuid()),
  categories: z.array(z.object({ id: z.uuid(), name: z.string(), icon: z.string().nullable(), accent_color: z.string().nullable() })),
  current_period: currentPeriod,
});

export const budgetResource = resource("budgets", budgetAttributes);
