/**
 * A statement file looked at with some parse options, nothing stored: its first rows as the file
 * holds them (a grid to say which column is which) and the first transactions as the service reads
 * them with those options, or why it cannot. The dashboard's "Adjust how this file is read" runs
 * this on every change, then uploads or re-reads with the options the person settled on.
 */
import { AppError } from "../../errors";
import { detectFileType } from "./detect-type";
import { readingAttributes, type ReadingAttributes } from "./import-job-view";
import { parseStatementFile } from "./parse-file";
import { detectDelimiter, normaliseLineEndings, readRecords } from "./parsers/csv/dialect";
import { decodeCsvBytes } from "./parsers/csv/encoding";
import { inspectSpreadsheetContainer, DEFAULT_MAX_DECOMPRESSED_BYTES } from "./parsers/excel/container";
import { NotASpreadsheetError } from "./parsers/excel/errors";
import { readWorkbookInWorker } from "./parsers/excel/run-worker";
import { sheetRecords } from "./parsers/excel/sheet-table";
import type { AmountSemantics, ParsedFile, ParseOptions, StatementFileType } from "./parsers/types";

/** Rows of the grid: as many as the header is searched in (table.ts), and the first transactions under it. */
export const HEAD_ROWS = 70;
/** Columns and characters per cell the grid shows (a statement has about 5 to 25 columns). */
const HEAD_COLUMNS = 40;
const CELL_CHARS = 120;
/** Transactions shown as read. */
export const INSPECT_TRANSACTIONS = 20;

interface FileHead {
  /** 1-based row numbers as the file (or sheet) counts them; `parse_options.header_row` takes these. */
  rows: Array<{ row: number; cells: string[] }>;
  /** The widest row's cell count (cells past HEAD_COLUMNS are not shown). */
  column_count: number;
  /** Excel: the workbook's sheets and the one shown. */
  sheets?: string[];
  sheet?: string;
}

interface InspectedTransaction {
  row: number;
  location: string;
  date: string;
  value_date: string | null;
  amount: string;
  currency_code: string | null;
  description: string;
  counterparty: string | null;
}

export interface FileInspection {
  file_type: StatementFileType;
  /** Null for OFX and MT940: they have no columns to choose. */
  head: FileHead | null;
  /** The options the file was read with (given or detected), as `parse_options` takes them. */
  parse_options: ReadingAttributes & { amount_semantics?: AmountSemantics | null };
  amount_semantics_required: boolean;
  warnings: string[];
  transaction_count: number;
  transactions: InspectedTransaction[];
  /** Why the file cannot be read with these options (the upload's 400 message); null when it can. */
  error: string | null;
}

/** Reads the file with `options` and its first rows, for a person to check and correct the reading. */
export async function inspectStatementFile(
  bytes: Buffer,
  fileName: string,
  options: ParseOptions,
): Promise<FileInspection> {
  let parsed: ParsedFile | null = null;
  let error: string | null = null;
  try {
    parsed = await parseStatementFile(bytes, fileName, options);
  } catch (failure) {
    // A file of no known type is refused as the upload refuses it; one that cannot be read is shown.
    if (!(failure instanceof AppError) || failure.code !== "IMPORT_FILE_UNREADABLE") throw failure;
    error = failure.message;
  }
  // Known: parseStatementFile refused the others above.
  const fileType = parsed?.fileType ?? detectFileType(bytes, fileName)!;
  const table = fileType === "csv" || fileType === "xlsx" || fileType === "xls";
  // Split as the reading split it, so the grid's columns are the positions the options name.
  const used = { ...options, ...parsed?.optionsUsed };
  const head = table ? await fileHead(bytes, fileType !== "csv", used) : null;
  const transactions = parsed?.statements.flatMap((statement) => statement.transactions) ?? [];
  return {
    file_type: fileType,
    head,
    parse_options: parsed
      ? {
          ...readingAttributes(parsed.optionsUsed),
          amount_semantics: options.amountSemantics ?? parsed.amountSemantics,
        }
      : {},
    amount_semantics_required: Boolean(parsed?.amountSemanticsRequired && !options.amountSemantics),
    warnings: parsed?.warnings ?? [],
    transaction_count: transactions.length,
    transactions: transactions.slice(0, INSPECT_TRANSACTIONS).map((t) => ({
      row: t.row,
      location: t.location,
      date: t.date,
      value_date: t.valueDate,
      amount: t.amount,
      currency_code: t.currencyCode,
      description: t.description,
      counterparty: t.counterparty,
    })),
    error,
  };
}

/** The first rows of a CSV or a sheet as cell texts; null when even they cannot be read (binary, wrong encoding). */
async function fileHead(
  bytes: Buffer,
  spreadsheet: boolean,
  { encoding, delimiter, sheet }: Pick<ParseOptions, "encoding" | "delimiter" | "sheet">,
): Promise<FileHead | null> {
  if (spreadsheet) {
    try {
      return await sheetHead(bytes, sheet);
    } catch (error) {
      // No reader free (503) is no answer about the file: the whole look is to be tried again.
      if (error instanceof AppError) throw error;
      if (!(error instanceof NotASpreadsheetError)) return null;
    }
  }
  try {
    const text = normaliseLineEndings(decodeCsvBytes(bytes, encoding).text);
    const records = readRecords(text, delimiter ?? detectDelimiter(text), HEAD_ROWS).slice(0, HEAD_ROWS);
    return headOf(records.map((record) => ({ row: record.line, cells: record.cells })));
  } catch {
    return null;
  }
}

/** Throws NotASpreadsheetError for text (a CSV saved under a spreadsheet name, or a CSV). */
async function sheetHead(bytes: Buffer, wanted: string | number | undefined): Promise<FileHead> {
  const container = inspectSpreadsheetContainer(bytes, DEFAULT_MAX_DECOMPRESSED_BYTES);
  const workbook = await readWorkbookInWorker(bytes, { zipEntries: container.zipEntries });
  const named =
    typeof wanted === "number"
      ? workbook.sheets[wanted]
      : workbook.sheets.find((s) => s.name.toLowerCase() === wanted?.trim().toLowerCase());
  const sheet = named ?? workbook.sheets.find((s) => !s.hidden) ?? workbook.sheets[0];
  const rows = sheet
    ? sheetRecords(sheet, workbook.date1904)
        .slice(0, HEAD_ROWS)
        .map((r) => ({ row: r.line, cells: r.cells }))
    : [];
  return { ...headOf(rows), sheets: workbook.sheets.map((s) => s.name), sheet: sheet?.name };
}

function headOf(rows: Array<{ row: number; cells: string[] }>): FileHead {
  const columnCount = Math.max(0, ...rows.map((r) => r.cells.length));
  return {
    rows: rows.map(({ row, cells }) => ({
      row,
      cells: cells.slice(0, HEAD_COLUMNS).map((cell) => cell.trim().slice(0, CELL_CHARS)),
    })),
    column_count: Math.min(columnCount, HEAD_COLUMNS),
  };
}
