import { z } from "zod";
import { PREVIEW_PAGE_MAX_ROWS } from "../../../domain/imports/preview-page";
import { COLUMN_ROLE_OPTIONS, type ColumnRoleOption } from "../../../domain/imports/parsers/types";
import { day, money } from "../../shared/fields";
import { resource, timestamp } from "../../shared/schemas";

export const previewRow = z.object({
  row: z.number().int(),
  date: day,
  amount: z.string(),
  currency_code: z.string(),
  description: z.string(),
  counterparty: z.string().nullable(),
  external_id: z.string().nullable(),
  category_id: z.uuid().nullable(),
  state: z.enum(["new", "duplicate", "invalid", "pre_opening"]),
  duplicate_of: z.string().nullable(),
  problems: z.array(z.string()),
});

export const openingAdjustment = z.object({
  account_id: z.uuid(),
  account_name: z.string(),
  currency_code: z.string(),
  reason: z.string(),
  target_balance: money,
  balance_as_of_date: day,
  service_balance_before: money,
  service_balance_after: money,
  delta: money,
  old_opening_balance: money,
  new_opening_balance: money,
  old_opening_balance_date: day,
  new_opening_balance_date: day,
});

const columnRef = z.union([z.string(), z.number().int()]);
const columnChoice = z.union([columnRef, z.array(columnRef)]);

/** How the file was read (given or detected), plus the sign convention; reading fields that do not apply to the file type are absent. */
export const jobParseOptions = z
  .object({
    amount_semantics: z.string().nullable(),
    amount_semantics_required: z.boolean(),
    encoding: z.string().optional(),
    delimiter: z.enum([",", ";", "\t", "|"]).optional(),
    header_row: z.number().int().nullable().optional().meta({ description: "1-based; null: the table has no header row." }),
    skip_rows: z.number().int().optional(),
    date_format: z.string().nullable().optional().meta({ description: "null when no date format was found (e.g. no rows)." }),
    decimal_separator: z.enum([".", ","]).nullable().optional(),
    columns: z
      .object(
        Object.fromEntries(COLUMN_ROLE_OPTIONS.map((role) => [role, columnChoice.optional()])) as Record<
          ColumnRoleOption,
          z.ZodOptional<typeof columnChoice>
        >,
      )
      .optional()
      .meta({ description: "Column role -> header name or 0-based position, as the file was read." }),
    sheet: z.string().optional(),
  })
  .meta({ description: "The options the file was read with; send them back in `parse_options` (corrected) to read it again." });

export const importJobAttributes = z.object({
  bank_key: z.string().nullable(),
  bank_name: z.string().nullable(),
  file_name: z.string(),
  file_type: z.string(),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  skipped_count: z.number().int(),
  skipped_existing_count: z.number().int(),
  error_count: z.number().int(),
  status: z.enum(["parsing", "parsed", "needs_input", "queued", "processing", "completed", "failed", "reverted"]),
  preview_version: z.number().int(),
  parse_options: jobParseOptions,
  warnings: z.array(z.string()).meta({ description: "Extension: what the parser noticed but read past (skipped lines, unknown columns)." }),
  error_message: z.string().nullable(),
  account_id: z.uuid(),
  preview: z
    .array(previewRow)
    .max(PREVIEW_PAGE_MAX_ROWS)
    .meta({ description: `One page of the preview, at most ${PREVIEW_PAGE_MAX_ROWS} rows in file order: the first page in write answers, preview_page of preview_limit rows (of one state with \`state\`) in GET.` }),
  preview_total: z.number().int().meta({ description: "Rows in the whole preview; with `state`, rows in that state. Page through them with preview_page." }),
  preview_page: z.number().int().meta({ description: "The 1-based page of `preview`." }),
  preview_limit: z.number().int().meta({ description: `Rows per page (1 to ${PREVIEW_PAGE_MAX_ROWS}).` }),
  preview_counts: z
    .object({ new: z.number().int(), duplicate: z.number().int(), invalid: z.number().int(), pre_opening: z.number().int() })
    .meta({ description: "Extension: rows per state in the whole preview." }),
  opening_balance_adjusted: z.array(openingAdjustment),
  reverted_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const importJobResource = resource("import_jobs", importJobAttributes);
