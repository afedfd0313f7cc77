import type { ImportJob } from "../../db/generated/prisma/client";
import type { StatementSummary } from "./read-into-job";
import { iso } from "../time/timestamps";
import type { OpeningAdjustment } from "./opening-balance";
import type { ParseOptionsUsed, StatementFileType } from "./parsers/types";
import type { PreviewRow } from "./preview";
import { previewPageOf, type PreviewPage } from "./preview-page";
import { definedOnly } from "../defined-only";

/** How a file was read, as the job's `parse_options` shows it (API names); absent fields did not apply. */
export interface ReadingAttributes {
  encoding?: string;
  delimiter?: ParseOptionsUsed["delimiter"];
  header_row?: number | null;
  skip_rows?: number;
  date_format?: string | null;
  decimal_separator?: ParseOptionsUsed["decimalSeparator"];
  columns?: ParseOptionsUsed["columns"];
  sheet?: string;
}

/** What the job stores in its `parse_options` column: the reading, and what the worker and the view need. */
interface StoredParseOptions extends ReadingAttributes {
  /** Per account the job books to: the statement's closing balance, or null (read-into-job.ts). */
  closing_balances?: Record<string, { amount: string; date: string } | null>;
  amount_semantics?: string | null;
  amount_semantics_required?: boolean;
  warnings?: string[];
  accept_other_account?: boolean;
  other_account?: string;
  account_map?: Record<string, string | null>;
  account_map_required?: boolean;
  statements?: StatementSummary[];
}

const READING_KEYS = [
  "encoding",
  "delimiter",
  "header_row",
  "skip_rows",
  "date_format",
  "decimal_separator",
  "columns",
  "sheet",
] as const;

/** The parser's `optionsUsed` under the API's names, for storing with the job. */
export function readingAttributes(used: ParseOptionsUsed | undefined): ReadingAttributes {
  if (!used) return {};
  return definedOnly({
    encoding: used.encoding,
    delimiter: used.delimiter,
    header_row: used.headerRow,
    skip_rows: used.skipRows,
    date_format: used.dateFormat,
    decimal_separator: used.decimalSeparator,
    columns: used.columns,
    sheet: used.sheet,
  });
}

/** The reading a job stored; a job stored before the reading was kept has none. */
function storedReading(options: StoredParseOptions): ReadingAttributes {
  return definedOnly(Object.fromEntries(READING_KEYS.map((key) => [key, options[key]])));
}

/**
 * The import job resource's attributes (spec "Import job"). Jobs stored before a field existed show it absent or empty.
 * The preview is one page: `page` when given (read in SQL), else the first page of the job's preview in memory.
 */
export function importJobAttributes(
  job: Omit<ImportJob, "preview"> & { preview?: ImportJob["preview"] },
  page?: PreviewPage,
) {
  const options = (job.parseOptions ?? {}) as StoredParseOptions;
  const shown = page ?? previewPageOf(Array.isArray(job.preview) ? (job.preview as unknown as PreviewRow[]) : []);
  return {
    bank_key: job.bankKey,
    bank_name: job.bankName,
    file_name: job.fileName,
    // Written from the detected type only (read-into-job.ts).
    file_type: job.fileType as StatementFileType,
    total_rows: job.totalRows,
    imported_count: job.importedCount,
    skipped_count: job.skippedCount,
    skipped_existing_count: job.skippedExistingCount,
    error_count: job.errorCount,
    status: job.status,
    preview_version: job.previewVersion,
    parse_options: {
      amount_semantics: options.amount_semantics ?? null,
      amount_semantics_required: options.amount_semantics_required ?? false,
      ...storedReading(options),
      ...(options.accept_other_account === true && typeof options.other_account === "string"
        ? { accept_other_account: true as const, other_account: options.other_account }
        : {}),
      ...(options.account_map ? { account_map: options.account_map } : {}),
      account_map_required: options.account_map_required === true,
    },
    warnings: Array.isArray(options.warnings) ? options.warnings.filter((warning) => typeof warning === "string") : [],
    error_message: job.errorMessage,
    account_id: job.accountId,
    statements: Array.isArray(options.statements) ? options.statements : [],
    preview: shown.rows,
    preview_total: shown.total,
    preview_page: shown.page,
    preview_limit: shown.limit,
    preview_counts: shown.counts,
    opening_balance_adjusted: job.openingBalanceAdjusted as unknown as OpeningAdjustment[],
    closing_balances: closingBalancesOf(options),
    reverted_at: iso(job.revertedAt),
    created_at: iso(job.createdAt),
    updated_at: iso(job.updatedAt),
  };
}

export type ImportJobAttributes = ReturnType<typeof importJobAttributes>;

/** The balances the statement states at its end, per account; a job stored before they were kept has none. */
function closingBalancesOf(options: StoredParseOptions): Array<{ account_id: string; amount: string; date: string }> {
  return Object.entries(options.closing_balances ?? {}).flatMap(([account_id, closing]) =>
    closing && typeof closing.amount === "string" && typeof closing.date === "string"
      ? [{ account_id, amount: closing.amount, date: closing.date }]
      : [],
  );
}
