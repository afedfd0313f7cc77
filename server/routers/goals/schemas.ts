import { z } from "zod";
import {
  calendarDay,
  displayName,
  entityId,
  hexColor,
  nonNegativeAmount,
  positiveAmount,
} from "../shared/planning-fields";

/** Every editable field of a goal, as the dashboard sends it. */
const goalFields = {
  name: displayName,
  target_amount: positiveAmount,
  /** The goal's currency; every amount of the goal is in it. */
  currency_id: entityId("a currency"),
  /** Saved so far, tracked by hand; used while no wallet is linked. */
  saved_amount: nonNegativeAmount,
  monthly_contribution: nonNegativeAmount.nullable(),
  target_date: calendarDay.nullable(),
  /** The wallet whose balance counts as saved (replaces saved_amount while set). */
  linked_wallet_id: entityId("a wallet").nullable(),
  accent_color: hexColor.nullable(),
};

export const createGoalInput = z.object({
  ...goalFields,
  /** Default: the workspace's home currency. */
  currency_id: goalFields.currency_id.optional(),
  saved_amount: goalFields.saved_amount.default("0"),
  monthly_contribution: goalFields.monthly_contribution.default(null),
  target_date: goalFields.target_date.default(null),
  linked_wallet_id: goalFields.linked_wallet_id.default(null),
  accent_color: goalFields.accent_color.default(null),
});

/** Only the fields sent change; leaving out a field keeps it. */
export const updateGoalInput = z.object({ id: z.uuid(), ...z.object(goalFields).partial().shape });

export const goalIdInput = z.object({ id: z.uuid() });

export type CreateGoalInput = z.output<typeof createGoalInput>;
export type UpdateGoalInput = z.output<typeof updateGoalInput>;

/** A write's answer: the dashboard refreshes its list from it. */
export const goalWritten = z.object({
  id: z.uuid(),
  status: z.enum(["active", "achieved", "abandoned"]),
  version: z.number().int(),
});
