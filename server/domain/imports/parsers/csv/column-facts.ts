/**
 * What a column's cells say it is, whatever its header: the share of dates, of amounts, of
 * currency codes, debit/credit marks and text. The column mapping (columns.ts) weighs these against
 * the header names; balance-proof.ts ties columns together.
 */
import type { TableRecord } from "./cells";
import { parseDate } from "./dates";
import { indicatorDirection, isNeutralMark } from "./debit-credit-marks";
import { currencyOfCell, isCurrencyCode } from "./headers";
import { amountWithEitherSeparator, decimalSeparatorOf, type DecimalSeparator } from "./numbers";

export { indicatorDirection, isNeutralMark } from "./debit-credit-marks";

export interface ColumnFacts {
  index: number;
  /** Sample rows with something in this column. */
  filled: number;
  /** Cells that are a day (a spreadsheet date, or text that reads as a date in either order). */
  dates: number;
  /** Cells that read as a money amount: decimals, a sign or a currency mark, or a spreadsheet number. */
  amounts: number;
  /** Amount cells that are whole numbers without any mark (ids, counters, years look like this). */
  bareIntegers: number;
  /** Amount cells that are zero: the empty side of a debit or credit column some banks fill with "0". */
  zeros: number;
  negatives: number;
  currencies: number;
  /** Debit/credit marks by direction. */
  debitMarks: number;
  creditMarks: number;
  /** Marks of rows that move no money of the account ("不计收支"), beside debit and credit ones. */
  neutralMarks: number;
  /** Cells with a letter in them, their mean length and mean count of letters, and how many distinct values the column holds. */
  texts: number;
  meanLength: number;
  meanLetters: number;
  distinct: number;
  /** The column's decimal separator, from its own cells (null when they do not tell). */
  separator: DecimalSeparator | null;
}

const NOT_A_LETTER = /\P{L}+/gu;

const NUMBER_WITH_MARKS = /[.,]\d|^[-+(]|[-)]$|[^\d\s.,'’-]/u;

function isAmountText(text: string): { amount: boolean; bare: boolean; zero?: boolean } {
  // Letters before the number must be a currency ("EUR 12.30"), not a code ("INV-1").
  const prefix = /^\p{L}+/u.exec(text)?.[0];
  if (prefix && prefix.length > 1 && !isCurrencyCode(prefix) && !/^(?:kr|Kč|zł|Ft|Fr|Lei|CHF)$/u.test(prefix))
    return { amount: false, bare: false };
  const value = amountWithEitherSeparator(text);
  if (value === null) return { amount: false, bare: false };
  const bare = !NUMBER_WITH_MARKS.test(text);
  // Long bare numbers are account numbers and ids, never amounts; nor is a zero-padded one ("010", a record type).
  if (bare && (text.replace(/\D/g, "").length > 6 || /^0\d/.test(text))) return { amount: false, bare: false };
  return { amount: true, bare, zero: /^-?[0.]*$/.test(value) };
}

/** Facts about every column of the sample (cells trimmed). */
export function columnFacts(sample: readonly TableRecord[], width: number): ColumnFacts[] {
  const facts: ColumnFacts[] = [];
  for (let index = 0; index < width; index++) {
    const f: ColumnFacts = {
      index,
      filled: 0,
      dates: 0,
      amounts: 0,
      bareIntegers: 0,
      zeros: 0,
      negatives: 0,
      currencies: 0,
      debitMarks: 0,
      creditMarks: 0,
      neutralMarks: 0,
      texts: 0,
      meanLength: 0,
      meanLetters: 0,
      distinct: 0,
      separator: null,
    };
    const values = new Set<string>();
    let length = 0;
    let letters = 0;
    let dots = 0;
    let commas = 0;
    for (const record of sample) {
      const text = (record.cells[index] ?? "").trim();
      if (text === "") continue;
      f.filled++;
      values.add(text);
      length += text.length;
      letters += text.replace(NOT_A_LETTER, "").length;
      const typed = record.typed?.[index];
      if (typed) {
        if (typed.day !== null && typed.amount === null) f.dates++;
        // A whole number of more than 12 digits (a reference Excel stored as a number) is no amount.
        else if (typed.amount !== null && !/^-?\d{13,}(\.0+)?$/.test(typed.amount)) {
          f.amounts++;
          if (typed.amount.startsWith("-")) f.negatives++;
          if (/^-?\d+(\.0+)?$/.test(typed.amount)) f.bareIntegers++;
          if (/^-?[0.]*$/.test(typed.amount)) f.zeros++;
        }
        continue;
      }
      if (parseDate(text, "dmy") !== null || parseDate(text, "mdy") !== null) {
        f.dates++;
        continue;
      }
      const amount = isAmountText(text);
      if (amount.amount) {
        f.amounts++;
        if (amount.bare) f.bareIntegers++;
        if (amount.zero) f.zeros++;
        if (/^[-(]|-$|\bDR?\b/i.test(text) || /[\u2212\u2013]/u.test(text)) f.negatives++;
        const separator = decimalSeparatorOf(text);
        if (separator === ".") dots++;
        else if (separator === ",") commas++;
      }
      const currency = currencyOfCell(text);
      if (currency !== null && isCurrencyCode(currency)) f.currencies++;
      const direction = indicatorDirection(text);
      if (direction < 0) f.debitMarks++;
      else if (direction > 0) f.creditMarks++;
      else if (isNeutralMark(text)) f.neutralMarks++;
      // Times ("06:50 PM") carry letters but are no text.
      if (/\p{L}/u.test(text) && !/^\d{1,2}:\d{2}/.test(text)) f.texts++;
    }
    f.meanLength = f.filled === 0 ? 0 : length / f.filled;
    f.meanLetters = f.filled === 0 ? 0 : letters / f.filled;
    f.distinct = values.size;
    f.separator = dots === commas ? null : dots > commas ? "." : ",";
    facts.push(f);
  }
  return facts;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

export function isDateColumn(f: ColumnFacts): boolean {
  return f.filled > 0 && share(f.dates, f.filled) >= 0.8;
}

/** Mostly amounts, and not only bare whole numbers running up by one (row numbers) or ids. */
export function isAmountColumn(f: ColumnFacts): boolean {
  if (f.filled === 0 || share(f.amounts, f.filled) < 0.8 || isDateColumn(f)) return false;
  if (f.bareIntegers < f.amounts || f.negatives > 0) return true;
  // Whole numbers only: all different (row numbers, ids) or a few short values repeated (record codes) are no money.
  // A column mostly of zeros with money on the other rows is the quiet side of a debit/credit pair
  // (PUMB's "0" on every row without a credit); one of zeros alone moves no money.
  const quietSide = f.zeros * 2 >= f.filled && f.zeros < f.filled;
  const codes = f.distinct <= f.filled / 3 && f.meanLength <= 3 && !quietSide;
  return !(f.filled > 3 && (f.distinct === f.filled || codes));
}

export function isCurrencyColumn(f: ColumnFacts): boolean {
  return f.filled > 0 && f.currencies === f.filled;
}

/** Debit/credit marks in at least 90% of the filled cells; marks of one kind only are read with blanks as the other. */
export function isIndicatorColumn(f: ColumnFacts): boolean {
  const marks = f.debitMarks + f.creditMarks;
  return marks > 0 && share(marks + f.neutralMarks, f.filled) >= 0.9 && f.distinct <= 4;
}

export function isTextColumn(f: ColumnFacts): boolean {
  return f.filled > 0 && share(f.texts, f.filled) >= 0.5 && !isIndicatorColumn(f) && !isCurrencyColumn(f);
}
