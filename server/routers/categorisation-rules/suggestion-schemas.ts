/** Category suggestions for transactions or free items. */
import { z } from "zod";
import { categoryConfidence, categoryReason, categorySource } from "./schemas";

export const MAX_SUGGESTIONS = 500;

const freeItem = z.strictObject({
  description: z.string().max(1_000).describe("The booking text."),
  counterparty: z.string().max(500).nullable().default(null).describe("Who paid or was paid; null for unknown."),
  amount: z
    .string()
    .trim()
    .regex(/^-?\d{1,15}(\.\d{1,4})?$/, "must be a decimal string such as -12.50")
    .describe("Signed amount (money out is negative)."),
  account_id: z.uuid().nullable().default(null).describe("The account it belongs to, if known."),
});

export const suggestInput = z
  .strictObject({
    transaction_ids: z
      .array(z.uuid())
      .min(1)
      .max(MAX_SUGGESTIONS)
      .optional()
      .describe(`Transactions of your workspace (at most ${MAX_SUGGESTIONS}).`),
    items: z
      .array(freeItem)
      .min(1)
      .max(MAX_SUGGESTIONS)
      .optional()
      .describe(`Rows that are not transactions yet (at most ${MAX_SUGGESTIONS}).`),
  })
  .refine((input) => (input.transaction_ids === undefined) !== (input.items === undefined), {
    path: ["transaction_ids"],
    message: "give exactly one of transaction_ids or items",
  });

export const suggestion = z
  .object({
    transaction_id: z.uuid().nullable().describe("The transaction asked about; null for a free item."),
    index: z.number().int().describe("0-based position in the request's list."),
    category_id: z.uuid().nullable().describe("The suggested category; null when nothing is sure enough."),
    category_source: categorySource,
    category_confidence: categoryConfidence,
    category_reason: categoryReason,
    rule_id: z.uuid().nullable().describe("The rule that matched (category_source rule); null otherwise."),
    counterparty: z.string().nullable().describe("The cleaner counterparty a matching rule sets; null otherwise."),
  })
  .meta({ id: "CategorySuggestion", description: "A category suggestion and where it comes from." });
