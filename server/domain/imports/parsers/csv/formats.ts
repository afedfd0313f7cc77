/**
 * File-wide reading decisions: day/month order of each date column and the decimal separator of
 * each amount column, with the reason when a fallback decided (it becomes a warning).
 */
import type { Delimiter } from "./dialect";
import { type DayMonthOrder, detectDayMonthOrder, numericDateSeparator } from "./dates";
import { chooseDecimalSeparator, type DecimalSeparator, separatorEvidence, type SeparatorEvidence } from "./numbers";

export interface LocaleHints {
  /** The text file's field delimiter; null for a spreadsheet. */
  delimiter: Delimiter | null;
  /** The decimal separator the amounts proved, if they did. */
  decimalSeparator: DecimalSeparator | null;
  /** The currency the file names (column, header, preamble or profile), if any. */
  currencyCode: string | null;
  profileOrder: DayMonthOrder | null;
  /** Whose export format the profile order comes from, for the warning. */
  profileName: string | null;
}

export interface DateOrderResult {
  order: DayMonthOrder;
  warning: string | null;
}

function fallbackOrder(values: readonly string[], hints: LocaleHints): { order: DayMonthOrder; reason: string } {
  if (hints.profileOrder)
    return { order: hints.profileOrder, reason: `${hints.profileName ?? "this bank"} exports dates that way` };
  const separator = numericDateSeparator(values);
  if (separator === "." || separator === "-")
    return { order: "dmy", reason: `dates written with "${separator}" are day-first` };
  if (hints.decimalSeparator === ",") return { order: "dmy", reason: "the amounts use decimal commas" };
  if (hints.delimiter === ";") return { order: "dmy", reason: "the file separates fields with semicolons" };
  if (hints.currencyCode === "USD") return { order: "mdy", reason: "the amounts are in US dollars" };
  if (hints.currencyCode) return { order: "dmy", reason: `the amounts are in ${hints.currencyCode}` };
  if (hints.delimiter === null) return { order: "dmy", reason: "most banks write the day first" };
  return { order: "mdy", reason: "the file uses decimal points and commas between fields, as US exports do" };
}

/** Decides the order from the column's values; names the fallback's reason when the values could not. */
export function decideDateOrder(values: readonly string[], hints: LocaleHints): DateOrderResult {
  const fallback = fallbackOrder(values, hints);
  const decision = detectDayMonthOrder(values, fallback.order);
  const pattern = decision.order === "dmy" ? "day/month (DD/MM/YYYY)" : "month/day (MM/DD/YYYY)";
  if (decision.conflicting) {
    const warning = `Some dates only read as day/month and others only as month/day; they were read as ${pattern}`;
    return { order: decision.order, warning };
  }
  // Nobody writes month-first dates with dots (31.01.2024), so those are not worth a warning.
  if (decision.decidedBy !== "fallback" || numericDateSeparator(values) === ".")
    return { order: decision.order, warning: null };
  const example = values.find((v) => v.trim() !== "")?.trim() ?? "";
  return {
    order: decision.order,
    warning: `Dates such as "${example}" can be read as day/month or month/day; they were read as ${pattern} because ${fallback.reason}`,
  };
}

export interface ColumnSeparators {
  amount: DecimalSeparator;
  debit: DecimalSeparator;
  credit: DecimalSeparator;
  balance: DecimalSeparator;
  /** What the file's amounts proved overall, null when nothing did. */
  proven: DecimalSeparator | null;
}

/** Each amount column's own evidence, then the file's, then "," for semicolon files and "." otherwise. */
export function decideSeparators(
  columns: { amount: string[]; debit: string[]; credit: string[]; balance: string[] },
  delimiter: Delimiter | null,
): ColumnSeparators {
  const evidence = {
    amount: separatorEvidence(columns.amount),
    debit: separatorEvidence(columns.debit),
    credit: separatorEvidence(columns.credit),
    balance: separatorEvidence(columns.balance),
  };
  const file: SeparatorEvidence = { dot: 0, comma: 0 };
  for (const e of Object.values(evidence)) {
    file.dot += e.dot;
    file.comma += e.comma;
  }
  const fallback: DecimalSeparator = delimiter === ";" ? "," : ".";
  return {
    amount: chooseDecimalSeparator(evidence.amount, file, fallback),
    debit: chooseDecimalSeparator(evidence.debit, file, fallback),
    credit: chooseDecimalSeparator(evidence.credit, file, fallback),
    balance: chooseDecimalSeparator(evidence.balance, file, fallback),
    proven: file.dot === file.comma ? null : file.dot > file.comma ? "." : ",",
  };
}
