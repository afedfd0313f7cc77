import { z } from "zod";
import { FREQUENCIES, RECURRING_TYPES } from "../../domain/recurring/rule-problems";
import { calendarDay, displayName, entityId, positiveAmount } from "../shared/planning-fields";

export const RECURRING_KINDS = ["rule", "subscription"] as const;

/** Every editable field of a recurring rule, as the dashboard sends it. */
const recurringRuleFields = {
  name: displayName,
  type: z.enum(RECURRING_TYPES),
  kind: z.enum(RECURRING_KINDS),
  /** Positive; the direction follows `type`. The currency is the source account's. */
  amount: positiveAmount,
  account_id: entityId("an account"),
  destination_account_id: entityId("a destination account").nullable(),
  category_id: entityId("a category").nullable(),
  frequency: z.enum(FREQUENCIES),
  custom_interval_days: z
    .number()
    .int("must be a whole number of days")
    .min(1, "must be at least 1 day")
    .max(3660, "must be at most 3660 days")
    .nullable(),
  start_date: calendarDay,
  end_date: calendarDay.nullable(),
  auto_create: z.boolean(),
  // http(s) only: javascript:, data: and file: addresses are links no billing page needs.
  billing_url: z
    .url({ protocol: /^https?$/, error: "must be a web address (http or https) such as https://example.com" })
    .max(500)
    .nullable(),
  notes: z.string().trim().max(1000, "must be at most 1000 characters").nullable(),
};

export const createRecurringRuleInput = z.object({
  ...recurringRuleFields,
  kind: recurringRuleFields.kind.default("rule"),
  destination_account_id: recurringRuleFields.destination_account_id.default(null),
  category_id: recurringRuleFields.category_id.default(null),
  custom_interval_days: recurringRuleFields.custom_interval_days.default(null),
  end_date: recurringRuleFields.end_date.default(null),
  auto_create: recurringRuleFields.auto_create.default(false),
  billing_url: recurringRuleFields.billing_url.default(null),
  notes: recurringRuleFields.notes.default(null),
});

/** Only the fields sent change; leaving out a field keeps it. */
export const updateRecurringRuleInput = z.object({ id: z.uuid(), ...z.object(recurringRuleFields).partial().shape });

export const recurringRuleIdInput = z.object({ id: z.uuid() });

export type CreateRecurringRuleInput = z.output<typeof createRecurringRuleInput>;
export type UpdateRecurringRuleInput = z.output<typeof updateRecurringRuleInput>;

/** A write's answer: the dashboard refreshes its list from it. */
export const recurringRuleWritten = z.object({
  id: z.uuid(),
  status: z.enum(["active", "paused", "ended"]),
  version: z.number().int(),
});
