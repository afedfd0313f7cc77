import { z } from "zod";
import { STORED_WALLET_TYPES } from "../wallets/schemas";
import { dayInput, optionalId, optionalText, positiveAmount, tagList } from "../shared/input-fields";
import { timestamp } from "../shared/schemas";

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
    tags: tagList
      .optional()
      .describe(
        "Tags for transactions made from it: at most 20, each 1 to 50 characters on one line without a comma; the " +
          "same tag twice (ignoring case) is kept once.",
      ),
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

const walletRef = z
  .object({
    id: z.uuid().describe("The wallet's id."),
    name: z.string().describe("The wallet's name."),
    type: z.enum(STORED_WALLET_TYPES).describe("The wallet's kind."),
    icon: z.string().nullable().describe("The wallet's icon name; null for none."),
    accent_color: z.string().nullable().describe("The wallet's colour, #rrggbb; null for none."),
    currency_codes: z.array(z.string()).describe("ISO 4217 codes of the wallet's accounts."),
  })
  .meta({ id: "TemplateWallet", description: "A wallet a template names, resolved." });

const categoryRef = z
  .object({
    id: z.uuid().describe("The category's id."),
    name: z.string().describe("The category's name."),
    icon_name: z.string().nullable().describe("The category's icon name; null for none."),
    accent_color: z.string().nullable().describe("The category's colour, #rrggbb; null for none."),
  })
  .meta({ id: "TemplateCategory", description: "The category a template names, resolved." });

/** A template as the API shows it (docs/api.md "Transaction templates"). */
export const templateSchema = z
  .object({
    id: z.uuid().describe("The template's id."),
    source: z.string().describe("How it was made: user_saved for templates created through the API or the dashboard."),
    name: z.string().describe("The template's name."),
    direction: z
      .enum(["expense", "income", "transfer"])
      .describe(
        "expense: money leaves sourceWallet; income: money arrives in targetWallet; transfer: from sourceWallet to targetWallet.",
      ),
    fields: z
      .object({
        sourceWallet: walletRef
          .nullable()
          .describe("The wallet money leaves (expense, transfer); null when not given."),
        targetWallet: walletRef
          .nullable()
          .describe("The wallet money arrives in (income, transfer); null when not given."),
        category: categoryRef.nullable().describe("The default category; null when not given."),
        amountMinor: z
          .string()
          .nullable()
          .describe('The default amount as a string of whole minor units ("1230" is 12.30 EUR); null when not given.'),
        currencyCode: z.string().nullable().describe("ISO 4217 code of amountMinor; null when not given."),
        description: z.string().nullable().describe("The default booking text; null when not given."),
        notes: z.string().nullable().describe("The default notes; null when not given."),
        note: z.string().nullable().describe("The same as notes (the specification lists both)."),
        tags: z.array(z.string()).describe("Tags given to transactions made from it; [] for none."),
        recurrencePreset: z
          .string()
          .nullable()
          .describe(
            "A suggested repetition: daily, weekly, biweekly, monthly, quarterly or yearly; null when not given.",
          ),
      })
      .describe("The defaults a transaction made from the template starts with; wallets and category resolved."),
    usageCount: z.number().int().describe("Transactions made from it; 0 when created."),
    lastUsedAt: timestamp.nullable().describe("When a transaction was last made from it; null until then."),
    createdAt: timestamp.describe("When the template was created."),
    updatedAt: timestamp.describe("When the template last changed (a use counts: it moves usageCount)."),
  })
  .meta({
    id: "Template",
    description: "A user-saved transaction template, as a flat object (camelCase, as the specification shows it).",
  });
