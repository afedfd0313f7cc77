/**
 * The rows of a statement table as the table reading sees them: CSV records, or the rows of a
 * spreadsheet, whose number and date cells come with their own values so that they are never
 * re-read as text with guessed locale rules.
 */
import type { CsvRecord } from "./dialect";
import { type DayMonthOrder, parseDate } from "./dates";
import { type DecimalSeparator, parseAmount } from "./numbers";

/** A spreadsheet's number or date cell: the day it can stand for and the amount it can stand for. */
export interface TypedCell {
  day: string | null;
  amount: string | null;
}

export interface TableRecord extends CsvRecord {
  /** By column, the cells a spreadsheet typed; text cells (and every CSV cell) have none. */
  typed?: ReadonlyArray<TypedCell | undefined>;
  /** By column, the cells' addresses ("Sheet1!C7"); without them a cell is named by its line. */
  locations?: readonly string[];
}

export function isTyped(record: TableRecord, index: number): boolean {
  return record.typed?.[index] !== undefined;
}

/** How a date column's text is read: with a day/month order, or with a format a person gave. */
export type DayReading = DayMonthOrder | ((cell: string) => string | null);

/** A cell's day, a text cell read the column's way; null for no column. */
export function cellDay(record: TableRecord, index: number | null, reading: DayReading): string | null {
  if (index === null) return null;
  const typed = record.typed?.[index];
  if (typed) return typed.day;
  const text = record.cells[index] ?? "";
  return typeof reading === "function" ? reading(text) : parseDate(text, reading);
}

/** True when a cell holds a day in either day/month order. */
export function isDateCell(record: TableRecord, index: number): boolean {
  return cellDay(record, index, "dmy") !== null || cellDay(record, index, "mdy") !== null;
}

/** A cell's amount ("-1234.56"), a text cell read with the column's decimal separator; null for no column. */
export function cellAmount(record: TableRecord, index: number | null, separator: DecimalSeparator): string | null {
  if (index === null) return null;
  const typed = record.typed?.[index];
  return typed ? typed.amount : parseAmount(record.cells[index] ?? "", separator);
}

/** Where a cell is, for warnings and errors: its address, else its line. */
export function cellLocation(record: TableRecord, index: number | null): string {
  return (index === null ? undefined : record.locations?.[index]) ?? `line ${record.line}`;
}
