/**
 * Reads an Excel statement (.xlsx, or legacy .xls BIFF): checks the container in the main thread,
 * reads the workbook into cell strings in a worker thread with limits, then hands the first sheet
 * that holds a transaction table to a TableInterpreter.
 */
import { StatementUnreadableError, type ParseOptions, type ParsedFile } from "../types";
import { DEFAULT_MAX_DECOMPRESSED_BYTES, inspectSpreadsheetContainer } from "./container";
import { defaultTableInterpreter } from "./default-interpreter";
import { MAX_SHEET_CELLS, MAX_SHEET_ROWS, readWorkbookInWorker, type WorkerSheet } from "./run-worker";
import { quoteSheetName, sheetToTable } from "./sheet-table";
import type { TableInterpretation, TableInterpreter } from "./table";

export const EXCEL_FALLBACK_BANK_KEY = "generic_excel";

export type ExcelParseOptions = ParseOptions & {
  /** Wall-clock limit for reading the workbook in the worker (default 10 s). */
  timeLimitMs?: number;
  /** Cap on the workbook's decompressed size (default 100 MiB). */
  maxDecompressedBytes?: number;
  /** Swaps the table logic, e.g. for the CSV module's column detection. */
  interpreter?: TableInterpreter;
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
    timeLimitMs: options.timeLimitMs,
    testHang: options.testHooks?.hangWorker,
  });
  const interpreter = options.interpreter ?? defaultTableInterpreter;
  const { amountSemantics, defaultCurrencyCode } = options;

  // Visible sheets first; a table with transactions beats an earlier one with a header only.
  const sheets = [...workbook.sheets.filter((s) => !s.hidden), ...workbook.sheets.filter((s) => s.hidden)];
  let headerOnly: TableInterpretation | null = null;
  let oversized: WorkerSheet | null = null;
  for (const sheet of sheets) {
    if (sheet.tooLarge) {
      oversized ??= sheet;
      continue;
    }
    const table = sheetToTable(sheet, workbook.date1904);
    const result = interpreter.interpret(table.rows, table.locations, {
      amountSemantics,
      defaultCurrencyCode,
      cellKinds: table.kinds,
      fallbackBankKey: EXCEL_FALLBACK_BANK_KEY,
    });
    if (!result) continue;
    if (sheet.truncated) throw tooLarge(sheet, `more than ${MAX_SHEET_ROWS} rows`);
    const found = result.statements.some((statement) => statement.transactions.length > 0);
    if (found) return withSheetNote({ fileType: container.fileType, ...result }, sheet, workbook.sheets.length);
    headerOnly ??= result;
  }
  if (headerOnly) return { fileType: container.fileType, ...headerOnly };
  if (oversized) throw tooLarge(oversized, `more than ${MAX_SHEET_CELLS} cells`);
  throw new StatementUnreadableError(
    "no sheet holds a transaction table (a header row with a date column and an amount or debit and credit columns)",
  );
}

function withSheetNote(file: ParsedFile, sheet: WorkerSheet, sheetCount: number): ParsedFile {
  if (sheetCount < 2) return file;
  return { ...file, warnings: [`Read the sheet "${sheet.name}".`, ...file.warnings] };
}

function tooLarge(sheet: WorkerSheet, what: string): StatementUnreadableError {
  return new StatementUnreadableError(`the sheet ${quoteSheetName(sheet.name)} has ${what}`, quoteSheetName(sheet.name));
}
