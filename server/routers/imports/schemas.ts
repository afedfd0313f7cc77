import { z } from "zod";
import { STATEMENT_FILE_TYPES } from "../../domain/imports/parsers/types";
import { COLUMN_ROLE_OPTIONS, type ColumnRoleOption } from "../../domain/imports/parsers/types";
import { PREVIEW_PAGE_MAX_ROWS } from "../../domain/imports/preview-page";
import { day, money } from "../shared/fields";
import { resource, timestamp } from "../shared/schemas";
import { COLUMN_ROLE_DESCRIPTIONS } from "./parse-option-fields";
import { previewRow } from "./preview-schemas";

const statementSummary = z
  .object({
    account: z
      .string()
      .describe(
        "How the file names the statement's account: its IBAN or number, else its name, else statement N. The key of parse_options.account_map.",
      ),
    account_name: z
      .string()
      .nullable()
      .describe(
        "The account's name when the file gives one (CAMT, QIF, a CSV or Excel account column of several accounts); else null.",
      ),
    currency_code: z.string().nullable().describe("The statement's currency when the file says; else null."),
    transaction_count: z.number().int().describe("Transactions the statement holds."),
    account_id: z
      .uuid()
      .nullable()
      .describe("The account its rows go to; null: left out (name it in parse_options.account_map to import it)."),
    matched_by: z
      .enum(["import_account", "identifier", "account_name", "account_map", "other_account"])
      .nullable()
      .describe(
        "How account_id was chosen: import_account (the import's account: the statement names it, or the file has one " +
          "statement), identifier (the one account of the workspace with the statement's IBAN or number), account_name (the one " +
          "account whose name is the statement's, for a statement the file names but numbers by nothing), account_map " +
          "(parse_options.account_map, which may also leave it out), other_account (parse_options.accept_other_account); " +
          "null when nothing routed it.",
      ),
  })
  .meta({ id: "ImportStatement", description: "One statement of an import's file and the account its rows go to." });

const openingAdjustment = z
  .object({
    account_id: z.uuid().describe("The account whose opening balance moves."),
    account_name: z.string().describe("That account's name."),
    currency_code: z.string().describe("ISO 4217 code of the amounts below."),
    reason: z.string().describe("Why: pre_opening_import_rows (rows dated before the opening balance date)."),
    target_balance: money.describe(
      "The balance the account should have on balance_as_of_date: the statement's closing balance, else the balance kept on the old opening date.",
    ),
    balance_as_of_date: day.describe("The day target_balance applies to."),
    service_balance_before: money.describe("The service's balance on balance_as_of_date before the import."),
    service_balance_after: money.describe("The balance on balance_as_of_date after the import and this adjustment."),
    delta: money.describe("new_opening_balance - old_opening_balance."),
    old_opening_balance: money.describe("The opening balance before."),
    new_opening_balance: money.describe("The opening balance after."),
    old_opening_balance_date: day.describe("The opening balance date before."),
    new_opening_balance_date: day.describe("The opening balance date after: the earliest row's date."),
  })
  .meta({
    id: "OpeningBalanceAdjustment",
    description:
      "How an import moves an account's opening balance and its date so that rows dated before it fit (a proposal until confirmed).",
  });

const columnRef = z.union([z.string(), z.number().int()]);
const columnChoice = z.union([columnRef, z.array(columnRef)]);

/** How the file was read (given or detected), plus the sign convention; reading fields that do not apply to the file type are absent. */
export const jobParseOptions = z
  .object({
    amount_semantics: z
      .string()
      .nullable()
      .describe(
        "The sign convention used: signed_debit_negative, signed_debit_positive, split_columns or indicator_column; null when it was not known.",
      ),
    amount_semantics_required: z
      .boolean()
      .describe(
        "True when the file cannot tell how its amounts are signed: the job is needs_input until amount_semantics is given.",
      ),
    encoding: z
      .string()
      .optional()
      .describe("The character encoding the text was read with (canonical name, e.g. windows-1252)."),
    delimiter: z.enum([",", ";", "\t", "|", "~"]).optional().describe("CSV: the column separator."),
    header_row: z
      .number()
      .int()
      .nullable()
      .optional()
      .meta({ description: "1-based; null: the table has no header row." }),
    skip_rows: z.number().int().optional().describe("Rows at the top that were not part of the table."),
    date_format: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "null when no date format was found (e.g. no rows)." }),
    decimal_separator: z
      .enum([".", ","])
      .nullable()
      .optional()
      .describe("The decimal separator of the amounts; null when the file gave nothing to tell it by."),
    columns: z
      .object(
        Object.fromEntries(
          COLUMN_ROLE_OPTIONS.map((role) => [role, columnChoice.optional().describe(COLUMN_ROLE_DESCRIPTIONS[role])]),
        ) as Record<ColumnRoleOption, z.ZodOptional<typeof columnChoice>>,
      )
      .optional()
      .meta({ description: "Column role -> header name or 0-based position, as the file was read." }),
    sheet: z.string().optional().describe("Excel: the sheet read."),
    accept_other_account: z
      .literal(true)
      .optional()
      .describe(
        "Present when the upload read a statement of another account into this one (parse_options.accept_other_account).",
      ),
    other_account: z
      .string()
      .optional()
      .describe("With accept_other_account: the account (IBAN or number) the statement names."),
    account_map: z
      .record(z.string(), z.uuid().nullable())
      .optional()
      .describe(
        "The account_map the file was read with, when one was given: a statement's account -> account id or null.",
      ),
    account_map_required: z
      .boolean()
      .describe(
        "True when the file holds statements of several accounts and none could be matched to an account: the job is " +
          "needs_input until it is read again with account_map (see statements).",
      ),
  })
  .meta({
    id: "ImportParseOptions",
    description: "The options the file was read with; send them back in `parse_options` (corrected) to read it again.",
  });

export const importJobAttributes = z
  .object({
    bank_key: z
      .string()
      .nullable()
      .describe("The bank profile the file was recognised as, e.g. generic_csv; null when none."),
    bank_name: z.string().nullable().describe("That bank's name; null when none."),
    file_name: z
      .string()
      .describe("The uploaded file's name (last path segment, control characters removed; statement when none)."),
    file_type: z.enum(STATEMENT_FILE_TYPES).describe("The detected type of the statement file."),
    total_rows: z.number().int().describe("Transactions found in the statement."),
    imported_count: z.number().int().describe("Rows booked; 0 until completed."),
    skipped_count: z
      .number()
      .int()
      .describe("Rows left out (the duplicates, with skip_duplicates); 0 until completed."),
    skipped_existing_count: z.number().int().describe("Of skipped_count, duplicates of existing transactions."),
    error_count: z.number().int().describe("Invalid rows; after completion imported + skipped + error = total_rows."),
    status: z
      .enum(["parsing", "parsed", "needs_input", "queued", "processing", "completed", "failed", "reverted"])
      .describe(
        "parsing; parsed (preview ready); needs_input (the sign convention is needed: see parse_options); queued (confirmed); processing (being booked); completed; failed (see error_message); reverted.",
      ),
    preview_version: z.number().int().describe("1, and one more with each reparse."),
    parse_options: jobParseOptions.describe(
      "How the file was read, given or detected, and whether the sign convention is still needed.",
    ),
    warnings: z
      .array(z.string())
      .meta({ description: "Extension: what the parser noticed but read past (skipped lines, unknown columns)." }),
    error_message: z.string().nullable().describe("Why the job failed; null otherwise."),
    account_id: z
      .uuid()
      .describe(
        "The account the statement is imported into (the upload's account_id); in a file of several accounts, rows may go to others (see statements).",
      ),
    statements: z
      .array(statementSummary)
      .describe(
        "Extension: the file's statements, one per account it holds (OFX, MT940, CAMT and QIF may hold several), each " +
          "with the account its rows go to; [] for imports made before this was recorded.",
      ),
    preview: z
      .array(previewRow)
      .max(PREVIEW_PAGE_MAX_ROWS)
      .meta({
        description: `One page of the preview, at most ${PREVIEW_PAGE_MAX_ROWS} rows in file order: the first page in write answers, preview_page of preview_limit rows (of one state with \`state\`) in GET.`,
      }),
    preview_total: z.number().int().meta({
      description: "Rows in the whole preview; with `state`, rows in that state. Page through them with preview_page.",
    }),
    preview_page: z.number().int().meta({ description: "The 1-based page of `preview`." }),
    preview_limit: z
      .number()
      .int()
      .meta({ description: `Rows per page (1 to ${PREVIEW_PAGE_MAX_ROWS}).` }),
    preview_counts: z
      .object({
        new: z.number().int().describe("Rows in state new."),
        duplicate: z.number().int().describe("Rows in state duplicate."),
        invalid: z.number().int().describe("Rows in state invalid."),
        pre_opening: z.number().int().describe("Rows in state pre_opening."),
      })
      .meta({ description: "Extension: rows per state in the whole preview." }),
    opening_balance_adjusted: z
      .array(openingAdjustment)
      .describe(
        "Opening balance changes: proposed until the job completes, then applied ([] when declined with adjust_opening_balance false, or none needed).",
      ),
    closing_balances: z
      .array(
        z.object({
          account_id: z.uuid().describe("The account the statement's rows go to."),
          amount: money.describe("The balance the statement states at its end, in that account's currency."),
          date: day.describe("The day of that balance."),
        }),
      )
      .describe(
        "Extension: the closing balance each statement of the file states (MT940, CAMT, OFX, a balance column), per " +
          "account; [] when the file states none. Once booked, POST /accounts/{id}/reconciliations with it reconciles " +
          "the account to the statement in one step (the imported rows are cleared).",
      ),
    reverted_at: timestamp.nullable().describe("When the import was reverted; null otherwise."),
    created_at: timestamp.describe("When the file was uploaded."),
    updated_at: timestamp.describe("When the job last changed."),
  })
  .describe("The job's fields.");

export const importJobResource = resource("import_jobs", importJobAttributes).meta({
  id: "ImportJob",
  description: "A statement import: the parsed file, a page of its preview and, once booked, its counts.",
});
