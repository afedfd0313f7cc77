import { z } from "zod";
import { timestamp } from "../shared/schemas";

const walletRef = z
  .object({
    id: z.uuid().describe("The wallet's id."),
    name: z.string().describe("The wallet's name."),
    type: z.string().describe("The wallet's kind: bank, cash, savings, credit_card, investment or other."),
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
  })
  .meta({
    id: "Template",
    description: "A user-saved transaction template, as a flat object (camelCase, as the specification shows it).",
  });
