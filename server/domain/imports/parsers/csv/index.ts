/**
 * parseCsv: a bank's CSV export (any of the common encodings, delimiters and layouts) read into
 * statements. See the module files for each step: encoding -> dialect -> table -> interpret-table
 * (profile and columns -> formats and semantics -> rows -> statements).
 */
import { type ParsedFile, type ParseOptions, StatementUnreadableError } from "../types";
import { MAX_TABLE_ROWS, tooManyRows } from "../limits";
import { detectDelimiter, normaliseLineEndings, readRecords } from "./dialect";
import { decodeCsvBytes } from "./encoding";
import { interpretTable } from "./interpret-table";
import { findTable, namedHeaders } from "./table";
import { todayUtc, withYearsCompleted } from "./yearless-dates";

const LAID_OUT_WITH_SPACES =
  "The file is text laid out with spaces (a PDF or a printed statement saved as text), not a table of columns: download the statement from the bank as CSV, Excel, OFX, QFX, MT940, CAMT or QIF";

/**
 * Text whose columns are made of spaces: most lines are not split into columns by the delimiter, and
 * most lines line their words up with runs of spaces (between words, or indenting the line), as
 * `pdftotext -layout` writes a statement. Asked only once the table has no date or amount column, to
 * say so instead of naming a column to choose.
 */
function isLaidOutWithSpaces(records: readonly { cells: string[] }[]): boolean {
  const lines = records.filter((record) => record.cells.some((cell) => cell.trim() !== ""));
  // Three cells at least: a date, a text and an amount; a decimal comma alone splits a line in two.
  const split = lines.filter((record) => record.cells.length > 2).length;
  const spaced = lines.filter(
    (record) => indentation(record.cells[0]!) >= INDENTED || record.cells.some(hasSpacesBetweenWords),
  ).length;
  return lines.length > 0 && split < lines.length * 0.5 && spaced >= lines.length * 0.6;
}

/** A line indented this far is laid out with spaces (a title centred, a column's text under its heading). */
const INDENTED = 8;

function indentation(cell: string): number {
  let spaces = 0;
  while (cell.charCodeAt(spaces) === 32) spaces++;
  return spaces;
}

/** A run of three spaces or more between two words of the cell (a loop: a pattern took the square of a long run). */
function hasSpacesBetweenWords(cell: string): boolean {
  let run = 0;
  let word = false;
  for (let i = 0; i < cell.length; i++) {
    if (cell.charCodeAt(i) === 32) run++;
    else {
      if (word && run >= 3) return true;
      word = true;
      run = 0;
    }
  }
  return false;
}

/** Reads a CSV bank statement; throws StatementUnreadableError (with the line) when it cannot. */
export function parseCsv(bytes: Buffer, options: ParseOptions = {}): ParsedFile {
  const { text, encoding } = decodeCsvBytes(bytes, options.encoding);
  const normalised = normaliseLineEndings(text);
  const delimiter = options.delimiter ?? detectDelimiter(normalised);
  const read = readRecords(normalised, delimiter, MAX_TABLE_ROWS);
  const kept = read.length > MAX_TABLE_ROWS ? read.slice(0, MAX_TABLE_ROWS) : read;
  const years = withYearsCompleted(kept, options.referenceDay ?? todayUtc());
  const records = years.records;
  if (options.delimiter && !records.slice(0, 200).some((record) => record.cells.length > 1)) {
    const detected = detectDelimiter(normalised);
    throw new StatementUnreadableError(
      `parse_options.delimiter: ${JSON.stringify(options.delimiter)} splits no line of the file into columns${detected !== options.delimiter ? ` (its lines look ${JSON.stringify(detected)}-separated)` : ""}`,
    );
  }
  const table = findTable(records, {
    skipRows: options.skipRows,
    headerRow: options.headerRow,
    headerNames: namedHeaders(options.columns),
  });
  // The row reader refuses more than MAX_FILE_TRANSACTIONS; lines past the ones read refuse the rest.
  const reading = interpretTable(records, table, { ...options, delimiter, fallbackBankKey: "generic_csv" });
  if (kept !== read) throw tooManyRows("lines", `line ${read[MAX_TABLE_ROWS]!.line}`);
  if ("missing" in reading) {
    if (isLaidOutWithSpaces(records)) throw new StatementUnreadableError(LAID_OUT_WITH_SPACES);
    throw new StatementUnreadableError(reading.missing, reading.at);
  }
  const warnings = years.warning ? [years.warning, ...reading.warnings] : reading.warnings;
  return { fileType: "csv", ...reading, warnings, optionsUsed: { encoding, delimiter, ...reading.optionsUsed } };
}
