/** Reads the cells of one table row into values, naming the cell when one cannot be read. */
import Decimal from "decimal.js";
import { StatementUnreadableError } from "../types";
import {
  cleanText, parseAmountText, parseCanonicalNumber, parseDateText,
  type DateReading, type DayMonthOrder, type DecimalSeparator,
} from "./cell-values";
import type { ColumnMap } from "./columns";
import { excelSerialToIsoDate, isPlausibleDateSerial } from "./serial-date";
import type { CellKind } from "./table";

export interface TableCells {
  rows: string[][];
  locations: string[][];
  kinds: CellKind[][] | undefined;
}

export interface ColumnFormats {
  dayMonthOrder: DayMonthOrder;
  decimals: Map<number, DecimalSeparator>;
}

export interface RowValues {
  location: string;
  date: string;
  valueDate: string | null;
  /** The signed column's value, or credit - debit (both as absolute values) for split columns. */
  amount: Decimal;
  /** With an indicator column: true when the row says debit. */
  indicatesDebit: boolean | null;
  currency: string | null;
  description: string;
  counterparty: string | null;
  externalId: string | null;
  balance: Decimal | null;
}

export type RowReading = RowValues | { skipped: "no_date" | "no_amount"; location: string } | null;

const ZERO = new Decimal(0);
const DEBIT_WORDS = new Set(["d", "dr", "db", "debit", "debet", "s", "soll", "af", "-", "cargo", "dare", "uscita", "addebito"]);
const CREDIT_WORDS = new Set(["k", "c", "cr", "credit", "h", "haben", "bij", "+", "abono", "avere", "entrata", "accredito"]);

export function readRow(table: TableCells, r: number, columns: ColumnMap, formats: ColumnFormats): RowReading {
  const row = table.rows[r] ?? [];
  if (row.every((cell) => cell.trim() === "")) return null;
  const where = (c: number): string => table.locations[r]?.[c] ?? `row ${r + 1}`;
  const text = (c: number | null): string => (c === null ? "" : (row[c] ?? "").trim());

  const date = readDate(table, r, columns.date, formats.dayMonthOrder);
  if (date === "invalid") throw new StatementUnreadableError(`"${text(columns.date)}" is not a valid date`, where(columns.date));
  if (date === "none") return { skipped: "no_date", location: where(columns.date) };

  const currencies: string[] = [];
  const number = (c: number | null, lenient = false): Decimal | null => {
    if (c === null || text(c) === "") return null;
    const kind = table.kinds?.[r]?.[c] ?? "text";
    const canonical = kind === "number" ? parseCanonicalNumber(text(c)) : null;
    const parsed = canonical ? { value: canonical, currency: null } : kind === "text" ? parseAmountText(text(c), formats.decimals.get(c) ?? ".") : null;
    if (parsed === null && lenient) return null;
    if (parsed === null) throw new StatementUnreadableError(`"${text(c)}" is not an amount`, where(c));
    if (parsed.currency) currencies.push(parsed.currency);
    return parsed.value;
  };

  let amount: Decimal | null;
  if (columns.amount !== null) {
    amount = number(columns.amount);
  } else {
    const debit = number(columns.debit);
    const credit = number(columns.credit);
    amount = debit === null && credit === null ? null : (credit ?? ZERO).abs().minus((debit ?? ZERO).abs());
  }
  if (amount === null) return { skipped: "no_amount", location: where(columns.amount ?? columns.debit ?? columns.date) };

  let indicatesDebit: boolean | null = null;
  if (columns.indicator !== null) {
    const word = text(columns.indicator).toLowerCase();
    if (DEBIT_WORDS.has(word)) indicatesDebit = true;
    else if (CREDIT_WORDS.has(word)) indicatesDebit = false;
    else throw new StatementUnreadableError(`"${text(columns.indicator)}" says neither debit nor credit`, where(columns.indicator));
  }

  const valueDate = columns.valueDate === null ? null : readDate(table, r, columns.valueDate, formats.dayMonthOrder);
  const balance = number(columns.balance, true); // a balance is a check, never a reason to refuse
  const ownCurrency = text(columns.currency).toUpperCase();
  const description = [...new Set(columns.description.map((c) => cleanText(text(c))).filter((part) => part !== ""))];
  const counterparty = cleanText(text(columns.counterparty));
  return {
    location: where(columns.date),
    date: date.iso,
    valueDate: valueDate !== null && typeof valueDate === "object" ? valueDate.iso : null,
    amount,
    indicatesDebit,
    currency: /^[A-Z]{3}$/.test(ownCurrency) ? ownCurrency : (currencies[0] ?? null),
    description: description.join(" - ") || counterparty,
    counterparty: counterparty === "" ? null : counterparty,
    externalId: text(columns.externalId) || null,
    balance,
  };
}

/** A date cell, a number that is a date serial or YYYYMMDD, or a date written as text. */
export function readDate(table: TableCells, r: number, c: number, order: DayMonthOrder): DateReading {
  const text = (table.rows[r]?.[c] ?? "").trim();
  if (text === "") return "none";
  const kind = table.kinds?.[r]?.[c] ?? "text";
  if (kind === "date") return { iso: text };
  if (kind === "number") {
    const value = Number(text);
    if (/^\d{8}$/.test(text)) return parseDateText(text, order);
    if (!isPlausibleDateSerial(value)) return "none";
    const iso = excelSerialToIsoDate(value);
    return iso ? { iso } : "invalid";
  }
  return parseDateText(text, order);
}
