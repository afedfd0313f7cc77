/**
 * Turns a sheet from the worker into the table records the shared table reading takes: cell texts,
 * cell addresses, and the cells Excel typed, whose values are used as they are.
 */
import Decimal from "decimal.js";
import type { TableRecord, TypedCell } from "../csv/cells";
import { parseDate } from "../csv/dates";
import type { WorkerSheet } from "./run-worker";
import { excelSerialToIsoDate, isPlausibleDateSerial } from "./serial-date";

/** The worker's number cells: "1234.5", "-1e-7". */
const CANONICAL_NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/**
 * The sheet's rows as table records. Cells are indexed from column A (empty cells fill the columns
 * left of the filled area), so that a column's position is the one a person counts in Excel.
 */
export function sheetRecords(sheet: WorkerSheet, date1904: boolean): TableRecord[] {
  const prefix = `${quoteSheetName(sheet.name)}!`;
  const pad = new Array<string>(sheet.left).fill("");
  const columns = [...pad, ...(sheet.texts[0] ?? [])].map((_, c) => columnLetters(c));
  const skip = new Set(sheet.hiddenRows?.map((row) => row - sheet.top));
  const records = sheet.texts.map((texts, r) => {
    const line = sheet.top + r + 1;
    const kinds = sheet.kinds[r] ?? "";
    const typed = [...pad.map(() => undefined), ...texts.map((text, c) => typedCell(text, kinds[c], date1904))];
    return {
      line,
      // A date cell reads as its day wherever its text is used.
      cells: [...pad, ...texts.map((text, c) => (kinds[c] === "d" && typed[sheet.left + c]?.day) || text)],
      typed,
      locations: columns.map((letters) => `${prefix}${letters}${line}`),
    };
  });
  return skip.size === 0 ? records : records.filter((_, r) => !skip.has(r));
}

/**
 * A date cell is a day. A number cell is an amount (full precision, at least two decimals), and a
 * day too when it can be one: a day serial of 1950-2099 or YYYYMMDD (the column decides which).
 */
function typedCell(text: string, kind: string | undefined, date1904: boolean): TypedCell | undefined {
  if (kind !== "n" && kind !== "d") return undefined;
  const serial = Number(text);
  const day = kind === "d" ? excelSerialToIsoDate(serial, date1904) : null;
  if (day) return { day, amount: null };
  if (!CANONICAL_NUMBER.test(text)) return undefined;
  const value = new Decimal(text);
  const amount = value.isZero() ? "0.00" : value.decimalPlaces() < 2 ? value.toFixed(2) : value.toFixed();
  if (/^\d{8}$/.test(text)) return { day: parseDate(text, "dmy"), amount };
  return { day: isPlausibleDateSerial(serial) ? excelSerialToIsoDate(serial, date1904) : null, amount };
}

/** Zero-based column index to Excel letters: 0 -> A, 25 -> Z, 26 -> AA. */
function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** As Excel writes references: Sheet1!A1, 'movimenti carta'!A1, 'It''s'!A1. */
export function quoteSheetName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
