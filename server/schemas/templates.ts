import { z } from "zod";
import { dayInput, optionalId, optionalText, positiveAmount } from "./input-fields";

export const TEMPLATE_DIRECTIONS = ["expense", "income", "transfer"] as const;
export const RECURRENCE_PRESETS = ["daily", "weekly", "biweekly", "monthly", "quarterly", "yearly"] as const;

/** Endpoint 2's body (CONTRACT "Templates"); the dashboard's form validates with it too. */
export const createTemplateInput = z
  .object({
    direction: z
      .enum(TEMPLATE_DIRECTIONS)
      .describe(
        "expense (source_wallet_id pays), income (target_wallet_id receives; a source wallet is 422) or transfer (both wallets, different ones).",
      ),
    name: z.string().trim().min(1, "is required").max(100).describe("The template's name, 1 to 100 characters."),
    source_wallet_id: z.uuid().optional().describe("The asset wallet money leaves (expense, transfer)."),
    target_wallet_id: z.uuid().optional().describe("The asset wallet money arrives in (income, transfer)."),
    category_id: z.uuid().optional().describe("The default category (an active category of the workspace)."),
    amount_minor: z
      .string()
      .regex(/^-?\d{1,15}$/, 'must be a string of whole minor units, e.g. "1230" for 12.30')
      .optional()
      .describe(
        'The default amount as a string of whole minor units of currency_code ("1230" for 12.30 EUR); must be more than 0 (else 422).',
      ),
    currency_code: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code")
      .transform((code) => code.toUpperCase())
      .optional()
      .describe("ISO 4217 code of the amount (any case); the paying wallet must hold an account in it (else 422)."),
    description: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe("The default booking text, 1 to 500 characters."),
    notes: z.string().trim().min(1).max(2000).optional().describe("The default notes, 1 to 2000 characters."),
    tags: z
      .array(z.string().trim().min(1).max(50))
      .max(20)
      .optional()
      .describe("Tags for transactions made from it: at most 20, each 1 to 50 characters."),
    recurrence_preset: z
      .enum(RECURRENCE_PRESETS)
      .optional()
      .describe("A suggested repetition: daily, weekly, biweekly, monthly, quarterly or yearly."),
  })
  .refine(
    (input) =>
      [
        input.source_wallet_id,
        input.target_wallet_id,
        input.category_id,
        input.amount_minor,
        input.description,
        input.notes,
      ].some((value) => value !== undefined),
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
