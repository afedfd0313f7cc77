import { z } from "zod";
import { dayInput, optionalId, optionalText, positiveAmount } from "./input-fields";

export const TEMPLATE_DIRECTIONS = ["expense", "income", "transfer"] as const;
export const RECURRENCE_PRESETS = ["daily", "weekly", "biweekly", "monthly", "quarterly", "yearly"] as const;

/** Endpoint 2's body (CONTRACT "Templates"); the dashboard's form validates with it too. */
export const createTemplateInput = z
  .object({
    direction: z.enum(TEMPLATE_DIRECTIONS),
    name: z.string().trim().min(1, "is required").max(100),
    source_wallet_id: z.uuid().optional(),
    target_wallet_id: z.uuid().optional(),
    category_id: z.uuid().optional(),
    amount_minor: z
      .string()
      .regex(/^-?\d{1,15}$/, "must be a string of whole minor units, e.g. \"1230\" for 12.30")
      .optional(),
    currency_code: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code")
      .transform((code) => code.toUpperCase())
      .optional(),
    description: z.string().trim().min(1).max(500).optional(),
    notes: z.string().trim().min(1).max(2000).optional(),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    recurrence_preset: z.enum(RECURRENCE_PRESETS).optional(),
  })
  .refine(
    (input) =>
      [input.source_wallet_id, input.target_wallet_id, input.category_id, input.amount_minor, input.description, input.notes].some(
        (value) => value !== undefined,
      ),
    {
      message:
        "give at least one default besides direction and name: source_wallet_id, target_wallet_id, category_id, amount_minor, description or notes",
    },
  );

export type CreateTemplateInput = z.infer<typeof createTemplateInput>;

/**
 * "Create transaction from template" (dashboard): the template's defaults as the dialog shows them,
 * possibly changed. An account left out is the template's wallet's account in the template's
 * currency (else its first account); `received_amount` is needed for a transfer between currencies.
 */
export const useTemplateInput = z.object({
  id: z.uuid(),
  date: dayInput,
  amount: positiveAmount,
  received_amount: positiveAmount.nullish().transform((value) => value ?? null),
  description: z.string().trim().min(1, "is required").max(500, "must be at most 500 characters"),
  category_id: optionalId,
  source_account_id: optionalId,
  target_account_id: optionalId,
  notes: optionalText(2000),
});

export type UseTemplateInput = z.output<typeof useTemplateInput>;
