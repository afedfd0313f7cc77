import { z } from "zod";
import { DUPLICATE_REASONS } from "../../domain/imports/duplicates";
import { PREVIEW_PAGE_MAX_ROWS, PREVIEW_STATES, type PreviewQuery } from "../../domain/imports/preview-page";
import { categoryConfidence, categoryReason, categorySource } from "../categorisation-rules/schemas";
import { day } from "../shared/fields";

/** An import's preview: a row as the job shows it, and the query that pages through them. */

export const previewRow = z
  .object({
    row: z.number().int().describe("1-based position of the transaction in the file (not its line number)."),
    date: day.describe("The booking date as printed by the bank."),
    amount: z
      .string()
      .describe(
        "Decimal string signed from the account's point of view (money out is negative), with the currency's decimal places.",
      ),
    currency_code: z
      .string()
      .describe("ISO 4217 code of the row's currency; another currency than the account's makes the row invalid."),
    description: z.string().describe("The booking text."),
    counterparty: z.string().nullable().describe("Who paid or was paid; null when the file does not say."),
    external_id: z
      .string()
      .nullable()
      .describe(
        "The bank's own id of the row (OFX FITID, MT940 reference, CAMT AcctSvcrRef or EndToEndId, QIF check number, a reference column); null when none.",
      ),
    category_id: z
      .uuid()
      .nullable()
      .describe(
        "The category the row will be booked with: from a rule, the learner or a category name (see category_source), or " +
          "the one set with PATCH .../imports/{id}/preview; null for none.",
      ),
    category_source: categorySource.describe(
      "Where category_id came from: rule (the first of your categorisation rules that matches), learned (your own " +
        "categorised transactions), name (a category's name or alias is in the text); null when no category was found " +
        "or you chose it yourself.",
    ),
    category_confidence: categoryConfidence,
    category_reason: categoryReason,
    state: z
      .enum(["new", "duplicate", "invalid", "pre_opening"])
      .describe(
        "new: will be booked; duplicate: matches an existing transaction or an earlier row (left out with skip_duplicates); invalid: cannot be booked (see problems); pre_opening: dated before the account's opening balance date (booked, and the opening balance may move).",
      ),
    duplicate_of: z
      .string()
      .nullable()
      .describe(
        "For a duplicate: the existing transaction's id, or row:N for an earlier row of the file; null otherwise.",
      ),
    duplicate_reason: z
      .enum([...DUPLICATE_REASONS, "marked_by_you"])
      .nullable()
      .describe(
        "Why duplicate_of: external_id (the bank's own id matches), same_date_amount_text (same day, amount and words), " +
          "near_date_same_amount_similar_text (same amount within 3 days, similar words: see the distance and similarity), " +
          "repeated_in_file (an identical earlier row of this file), marked_by_you (set with PATCH .../preview); null otherwise.",
      ),
    duplicate_day_distance: z
      .number()
      .int()
      .nullable()
      .describe("Days between the row and what it duplicates; null when not compared by date."),
    duplicate_similarity: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .describe("Shared description words / all of them (Jaccard, 0 to 1); null when not compared by words."),
    problems: z.array(z.string()).describe("Why the row is invalid, as sentences; [] for other states."),
    account_id: z
      .uuid()
      .describe(
        "Extension: the account the row is booked to: the import's account_id, or, in a file of several accounts, " +
          "the account its statement goes to (see the job's statements).",
      ),
  })
  .meta({ id: "PreviewRow", description: "One transaction of the statement as it would be booked." });

/** The query of a job's GET that pages through its preview (REST query parameters, or the dashboard's input). */
export const previewQueryInput = {
  preview_page: z.coerce.number().int().min(1).max(1_000_000).default(1).meta({
    description: "The 1-based page of the preview to show (default 1); past the last page, `preview` is empty.",
  }),
  preview_limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PREVIEW_PAGE_MAX_ROWS)
    .default(PREVIEW_PAGE_MAX_ROWS)
    .meta({ description: `Preview rows per page, 1 to ${PREVIEW_PAGE_MAX_ROWS} (default ${PREVIEW_PAGE_MAX_ROWS}).` }),
  state: z
    .enum(PREVIEW_STATES)
    .meta({
      description:
        "Only the preview rows in this state (new, duplicate, invalid or pre_opening); `preview_total` then counts those rows.",
    })
    .optional(),
};

export function previewQueryOf(input: {
  preview_page: number;
  preview_limit: number;
  state?: PreviewQuery["state"];
}): PreviewQuery {
  return { page: input.preview_page, limit: input.preview_limit, state: input.state ?? null };
}
