/**
 * Reads an Excel statement (.xlsx, or legacy .xls BIFF): checks the container in the main thread,
 * reads the workbook into cell strings in a worker thread with limits, then reads the first sheet
 * that holds a transaction table the way a CSV file's table is read (../csv/interpret-table.ts).
 */
import { interpretTable, type MissingColumn, type TableReading } from "../csv/interpret-table";
import { NoDateInColumnError } from "../csv/rows";
import { findTable, isBlank, looksLikeDataRow, namedHeaders } from "../csv/table";
import { todayUtc, withYearsCompleted } from "../csv/yearless-dates";
import { StatementUnreadableError, type ParseOptions, type ParsedFile } from "../types";
import { DEFAULT_MAX_DECOMPRESSED_BYTES, inspectSpreadsheetContainer } from "./container";
import { tooManyRows } from "../limits";
import { MAX_SHEET_CELLS, readWorkbookInWorker, type WorkerSheet, type WorkerWorkbook } from "./run-worker";
import { quoteSheetName, sheetRecords } from "./sheet-table";

const EXCEL_FALLBACK_BANK_KEY = "generic_excel";

export type ExcelParseOptions = ParseOptions & {
  /** Wall-clock limit for reading the workbook in the worker (default 10 s). */
  timeLimitMs?: number;
  /** Cap on the workbook's decompressed size (default 100 MiB). */
  maxDecompressedBytes?: number;
  /** Tests only. */
  testHooks?: { hangWorker?: boolean };
};

/**
 * Throws NotASpreadsheetError when the bytes are text (hand them to the CSV parser), and
 * StatementUnreadableError (with the cell, e.g. "Sheet1!B7", when one is to blame) otherwise.
 */
export async function parseExcel(bytes: Buffer, options: ExcelParseOptions = {}): Promise<ParsedFile> {
  const container = inspectSpreadsheetContainer(bytes, options.maxDecompressedBytes ?? DEFAULT_MAX_DECOMPRESSED_BYTES);
  const workbook = await readWorkbookInWorker(bytes, {
    zipEntries: container.zipEntries,
    markup: "markup" in container ? container.markup : null,
    timeLimitMs: options.timeLimitMs,
    testHang: options.testHooks?.hangWorker,
  });
  const { testHooks: _hooks, timeLimitMs: _limit, maxDecompressedBytes: _max, ...tableOptions } = options;

  if (options.sheet !== undefined) {
    const sheet = chosenSheet(workbook.sheets, options.sheet);
    if (sheet.tooLarge) throw tooLarge(sheet, `more than ${MAX_SHEET_CELLS} cells`);
    // The rows read decide first: more than MAX_FILE_TRANSACTIONS of them is the cap's refusal.
    const continued = continuationsOf(sheet, workbook);
    const result = readSheet(sheet, workbook.date1904, tableOptions, continued);
    const cut = [sheet, ...continued].find((part) => part.truncated);
    if (cut) throw tooManyRows("rows", quoteSheetName(cut.name));
    if (!result)
      throw new StatementUnreadableError(
        `parse_options.sheet: the sheet ${quoteSheetName(sheet.name)} holds no transaction table`,
      );
    if ("missing" in result) throw new StatementUnreadableError(result.missing, result.at);
    return withSheetNote({ fileType: container.fileType, ...result }, sheet, workbook.sheets.length, continued);
  }

  // Visible sheets first; a table with transactions beats an earlier one with a header only.
  const sheets = [...workbook.sheets.filter((s) => !s.hidden), ...workbook.sheets.filter((s) => s.hidden)];
  let headerOnly: TableReading | null = null;
  let oversized: WorkerSheet | null = null;
  let refusal: NoDateInColumnError | null = null;
  for (const sheet of sheets) {
    // Never read (its rows were counted past the cap): it may be the statement, so the file is refused; parse_options.sheet can name another.
    if (sheet.tooLong) throw tooManyRows("rows", quoteSheetName(sheet.name));
    if (sheet.tooLarge) {
      oversized ??= sheet;
      continue;
    }
    let result: ReturnType<typeof readSheet>;
    const continued = continuationsOf(sheet, workbook);
    try {
      result = readSheet(sheet, workbook.date1904, tableOptions, continued);
    } catch (error) {
      // One sheet the person's options do not fit (a cover sheet) does not sink a later one that holds the statement.
      if (!(error instanceof NoDateInColumnError)) throw error;
      refusal ??= error;
      continue;
    }
    if (!result || "missing" in result) continue;
    const cut = [sheet, ...continued].find((part) => part.truncated);
    if (cut) throw tooManyRows("rows", quoteSheetName(cut.name));
    const found = result.statements.some((statement) => statement.transactions.length > 0);
    if (found)
      return withSheetNote({ fileType: container.fileType, ...result }, sheet, workbook.sheets.length, continued);
    headerOnly ??= result;
  }
  if (headerOnly) return { fileType: container.fileType, ...headerOnly };
  if (oversized) throw tooLarge(oversized, `more than ${MAX_SHEET_CELLS} cells`);
  if (refusal) throw refusal;
  throw new StatementUnreadableError(
    "no sheet holds a transaction table (a header row with a date column and an amount or debit and credit columns)",
  );
}

/** The sheet a person named, by name (any case) or 0-based position. */
function chosenSheet(sheets: readonly WorkerSheet[], wanted: string | number): WorkerSheet {
  const sheet =
    typeof wanted === "number"
      ? sheets[wanted]
      : (sheets.find((s) => s.name === wanted) ??
        sheets.find((s) => s.name.toLowerCase() === wanted.trim().toLowerCase()));
  if (sheet) return sheet;
  const names = sheets.map((s) => `"${s.name}"`).join(", ");
  throw new StatementUnreadableError(
    `parse_options.sheet: the workbook has no sheet ${typeof wanted === "number" ? wanted : `"${wanted}"`} (its sheets: ${names})`,
  );
}

/**
 * The sheet's statement table, its header row found at any offset; null when the sheet holds none,
 * the missing column when its table lacks one.
 */
function readSheet(
  sheet: WorkerSheet,
  date1904: boolean,
  options: Omit<ParseOptions, "delimiter">,
  continued: readonly WorkerSheet[] = [],
): TableReading | MissingColumn | null {
  const rows = [sheet, ...continued].flatMap((part) => sheetRecords(part, date1904));
  const years = withYearsCompleted(rows, options.referenceDay ?? todayUtc());
  const records = years.records;
  const table = findTable(records, {
    skipRows: options.skipRows,
    headerRow: options.headerRow,
    headerNames: namedHeaders(options.columns),
  });
  // A sheet's table has a header row (rows of numbers without one are no statement), unless a person says it has none.
  if (table.headerIndex === null && options.headerRow !== null) return null;
  const reading = interpretTable(records, table, {
    ...options,
    delimiter: null,
    fallbackBankKey: EXCEL_FALLBACK_BANK_KEY,
  });
  if ("missing" in reading) return reading;
  const warnings = years.warning ? [years.warning, ...reading.warnings] : reading.warnings;
  return withTrustedIds({ ...reading, warnings, optionsUsed: { sheet: sheet.name, ...reading.optionsUsed } });
}

/**
 * Bank ids are only trusted when no two rows share one: Excel keeps 15 significant digits, so long
 * ids stored as numbers collide (Adyen's PSP references), as do the ids of anonymised exports.
 */
function withTrustedIds(reading: TableReading): TableReading {
  const ids = reading.statements.flatMap((s) => s.transactions.flatMap((t) => (t.externalId ? [t.externalId] : [])));
  if (new Set(ids).size === ids.length) return reading;
  const statements = reading.statements.map((s) => ({
    ...s,
    transactions: s.transactions.map((t) => ({ ...t, externalId: null })),
  }));
  const warning = "The transaction id column repeats values, so it was not used as the bank's transaction id";
  return { ...reading, statements, warnings: [...reading.warnings, warning] };
}

/** How many cells the sheet's widest row spans. */
function widthOf(sheet: WorkerSheet): number {
  return sheet.left + Math.max(0, ...sheet.texts.map((row) => row.length));
}

/**
 * The sheets right after `sheet` that go on with its rows: each begins with a transaction row where a
 * table would begin with its header, and is as wide as `sheet` (a bank's page of HTML split into two
 * tables, "Table 1" with the header and "Table 2" without; a workbook paged into sheets). A sheet with
 * a header of its own is a table of its own (a month's, an account's), and ends the run.
 */
function continuationsOf(sheet: WorkerSheet, workbook: WorkerWorkbook): WorkerSheet[] {
  const continued: WorkerSheet[] = [];
  const width = widthOf(sheet);
  for (const next of workbook.sheets.slice(workbook.sheets.indexOf(sheet) + 1)) {
    if (next.hidden || next.tooLarge || next.tooLong || widthOf(next) !== width) break;
    const first = sheetRecords(next, workbook.date1904).find((record) => !isBlank(record));
    if (!first || !looksLikeDataRow(first)) break;
    continued.push(next);
  }
  return continued;
}

function withSheetNote(
  file: ParsedFile,
  sheet: WorkerSheet,
  sheetCount: number,
  continued: readonly WorkerSheet[] = [],
): ParsedFile {
  const more = continued.map((part) => ` and "${part.name}", which goes on with its rows`).join("");
  const notes = sheetCount < 2 ? [] : [`Read the sheet "${sheet.name}"${more}.`];
  for (const part of [sheet, ...continued]) {
    const hidden = part.hiddenRows?.length ?? 0;
    if (hidden === 0) continue;
    const [rows, were, them] = hidden === 1 ? ["1 hidden row", "was", "it"] : [`${hidden} hidden rows`, "were", "them"];
    notes.push(
      `${rows} of the sheet "${part.name}" (rows a filter or a person hid, which Excel does not show) ${were} left out; show ${them} in the workbook to import ${them}.`,
    );
  }
  return notes.length === 0 ? file : { ...file, warnings: [...notes, ...file.warnings] };
}

function tooLarge(sheet: WorkerSheet, what: string): StatementUnreadableError {
  return new StatementUnreadableError(
    `the sheet ${quoteSheetName(sheet.name)} has ${what}`,
    quoteSheetName(sheet.name),
  );
}
