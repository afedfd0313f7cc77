/**
 * What a column's cells say it is, whatever its header: the share of dates, of amounts, of
 * currency codes, debit/credit marks and text, and the proofs that tie columns together (a
 * running balance the amounts reproduce row by row; debit and credit columns of which exactly one
 * is filled per row). The column mapping (columns.ts) weighs these against the header names.
 */
import { cellAmount, isTyped, type TableRecord } from "./cells";
import { parseDate } from "./dates";
import { isCurrencyCode } from "./headers";
import { decimalSeparatorOf, type DecimalSeparator, parseAmount } from "./numbers";

export type IndicatorDirection = -1 | 0 | 1;

const DEBIT_WORDS = new Set([
  "d",
  "dr",
  "db",
  "debit",
  "debet",
  "s",
  "soll",
  "af",
  "outflow",
  "out",
  "kiadas",
  "kiadás",
  "-",
  "withdrawal",
  "l",
  "cargo",
  "dare",
  "uscita",
  "addebito",
  "дебет",
  "debito",
  "débito",
  "lastschrift",
  "支出",
  "支",
  "借",
  "支取",
  "出账",
  "转出",
  "出金",
]);
const CREDIT_WORDS = new Set([
  "c",
  "cr",
  "credit",
  "h",
  "haben",
  "bij",
  "inflow",
  "in",
  "bevetel",
  "bevétel",
  "+",
  "k",
  "kredit",
  "deposit",
  "abono",
  "avere",
  "entrata",
  "accredito",
  "кредит",
  "credito",
  "crédito",
  "gutschrift",
  "收入",
  "收",
  "贷",
  "貸",
  "存入",
  "入账",
  "入賬",
  "转入",
  "入金",
]);

/** Marks of rows that move no money of this account (a refund to a card, a transfer between one's own pots). */
const NEUTRAL_WORDS = new Set(["不计收支", "不計收支", "/", "其他", "其它"]);

export function isNeutralMark(raw: string): boolean {
  return NEUTRAL_WORDS.has(raw.trim());
}

/** +1 for a credit word, -1 for a debit word, 0 for anything else. */
export function indicatorDirection(raw: string): IndicatorDirection {
  const word = raw.trim().toLowerCase();
  if (CREDIT_WORDS.has(word)) return 1;
  if (DEBIT_WORDS.has(word)) return -1;
  // A mark in two languages ("贷 Cr", "借 Dr", "Soll (S)") counts when its words agree.
  const words = word.split(/[\s()/]+/).filter((w) => w !== "");
  if (words.length < 2 || words.length > 3) return 0;
  const directions = new Set(words.map((w) => (CREDIT_WORDS.has(w) ? 1 : DEBIT_WORDS.has(w) ? -1 : 0)));
  return directions.size === 1 ? ([...directions][0] as IndicatorDirection) : 0;
}

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
  negatives: number;
  currencies: number;
  /** Debit/credit marks by direction. */
  debitMarks: number;
  creditMarks: number;
  /** Marks of rows that move no money of the account ("不计收支"), beside debit and credit ones. */
  neutralMarks: number;
  /** Cells with a letter in them, their mean length, and how many distinct values the column holds. */
  texts: number;
  meanLength: number;
  distinct: number;
  /** The column's decimal separator, from its own cells (null when they do not tell). */
  separator: DecimalSeparator | null;
}

const NUMBER_WITH_MARKS = /[.,]\d|^[-+(]|[-)]$|[^\d\s.,'’-]/u;

function isAmountText(text: string): { amount: boolean; bare: boolean } {
  // Letters before the number must be a currency ("EUR 12.30"), not a code ("INV-1").
  const prefix = /^\p{L}+/u.exec(text)?.[0];
  if (prefix && prefix.length > 1 && !isCurrencyCode(prefix) && !/^(?:kr|Kč|zł|Ft|Fr|Lei|CHF)$/u.test(prefix))
    return { amount: false, bare: false };
  const value = parseAmount(text, ".") ?? parseAmount(text, ",");
  if (value === null) return { amount: false, bare: false };
  const bare = !NUMBER_WITH_MARKS.test(text);
  // Long bare numbers are account numbers and ids, never amounts.
  if (bare && text.replace(/\D/g, "").length > 6) return { amount: false, bare: false };
  return { amount: true, bare };
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
      negatives: 0,
      currencies: 0,
      debitMarks: 0,
      creditMarks: 0,
      neutralMarks: 0,
      texts: 0,
      meanLength: 0,
      distinct: 0,
      separator: null,
    };
    const values = new Set<string>();
    let length = 0;
    let dots = 0;
    let commas = 0;
    for (const record of sample) {
      const text = (record.cells[index] ?? "").trim();
      if (text === "") continue;
      f.filled++;
      values.add(text);
      length += text.length;
      const typed = record.typed?.[index];
      if (typed) {
        if (typed.day !== null && typed.amount === null) f.dates++;
        // A whole number of more than 12 digits (a reference Excel stored as a number) is no amount.
        else if (typed.amount !== null && !/^-?\d{13,}(\.0+)?$/.test(typed.amount)) {
          f.amounts++;
          if (typed.amount.startsWith("-")) f.negatives++;
          if (/^-?\d+(\.0+)?$/.test(typed.amount)) f.bareIntegers++;
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
        if (/^[-(]|-$|\bDR?\b/i.test(text) || /[\u2212\u2013]/u.test(text)) f.negatives++;
        const separator = decimalSeparatorOf(text);
        if (separator === ".") dots++;
        else if (separator === ",") commas++;
      }
      if (isCurrencyCode(text) && text === text.toUpperCase()) f.currencies++;
      const direction = indicatorDirection(text);
      if (direction < 0) f.debitMarks++;
      else if (direction > 0) f.creditMarks++;
      else if (isNeutralMark(text)) f.neutralMarks++;
      // Times ("06:50 PM") carry letters but are no text.
      if (/\p{L}/u.test(text) && !/^\d{1,2}:\d{2}/.test(text)) f.texts++;
    }
    f.meanLength = f.filled === 0 ? 0 : length / f.filled;
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
  return !(f.filled > 3 && (f.distinct === f.filled || (f.distinct <= f.filled / 3 && f.meanLength <= 3)));
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

/** A signed amount per sample row (null where the row has none), from one of the ways a file can say it. */
export type AmountSource =
  | { kind: "signed"; amount: number }
  | { kind: "split"; debit: number | null; credit: number | null }
  | { kind: "indicator"; amount: number; indicator: number };

/** Amounts as whole ten-thousandths: exact for money, and cheap to add up across many candidate columns. */
function amountAt(record: TableRecord, index: number, separator: DecimalSeparator): number | null {
  const value = cellAmount(record, index, separator);
  return value === null ? null : Math.round(Number(value) * 10_000);
}

export function signedAmounts(
  sample: readonly TableRecord[],
  source: AmountSource,
  separators: (i: number) => DecimalSeparator,
): Array<number | null> {
  return sample.map((record) => {
    if (source.kind === "signed") return amountAt(record, source.amount, separators(source.amount));
    if (source.kind === "split") {
      const debit = source.debit === null ? null : amountAt(record, source.debit, separators(source.debit));
      const credit = source.credit === null ? null : amountAt(record, source.credit, separators(source.credit));
      if (debit === null && credit === null) return null;
      return Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
    }
    const amount = amountAt(record, source.amount, separators(source.amount));
    if (amount === null) return null;
    const direction = indicatorDirection(record.cells[source.indicator] ?? "");
    return direction === 0 ? amount : Math.abs(amount) * direction;
  });
}

/** A column's amounts on their own (for balance candidates). */
export function columnAmounts(
  sample: readonly TableRecord[],
  index: number,
  separator: DecimalSeparator,
): Array<number | null> {
  return sample.map((record) => amountAt(record, index, separator));
}

export interface BalanceProof {
  /** Share of neighbouring rows whose balances the amounts explain. */
  fit: number;
  pairs: number;
  /** The balance is printed before the row's transaction (ASN), not after it. */
  before: boolean;
}

/**
 * How well a balance column follows the amounts, top to bottom or bottom to top (newest first), with
 * the balance after or before each row's transaction. A proof needs two or more row pairs.
 */
export function balanceProof(
  amounts: ReadonlyArray<number | null>,
  balances: ReadonlyArray<number | null>,
): BalanceProof {
  const fits: [number, number, number, number] = [0, 0, 0, 0];
  let pairs = 0;
  let previous = -1;
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i];
    const b = balances[i];
    if (a == null || b == null) continue;
    if (previous >= 0) {
      const pa = amounts[previous] as number;
      const pb = balances[previous] as number;
      // Zero amounts fit any unchanged balance: they prove nothing.
      if (a === 0 && pa === 0) {
        previous = i;
        continue;
      }
      pairs++;
      if (b === pb + a) fits[0]++; // oldest first, balance after
      if (pb === b + pa) fits[1]++; // newest first, balance after
      if (b === pb + pa) fits[2]++; // oldest first, balance before
      if (pb === b + a) fits[3]++; // newest first, balance before
    }
    previous = i;
  }
  const best = Math.max(...fits);
  const at = fits.indexOf(best);
  return { fit: share(best, pairs), pairs, before: at >= 2 && best > Math.max(fits[0], fits[1]) };
}

/** True when the proof is strong enough to overrule header names. */
export function isProven(proof: BalanceProof): boolean {
  return proof.pairs >= 2 && proof.fit >= 0.7;
}

/**
 * Two amount columns of which exactly one is filled (non-zero) on nearly every row that has either,
 * and that together cover most rows: debit and credit.
 */
export function isExclusivePair(sample: readonly TableRecord[], a: number, b: number): boolean {
  let either = 0;
  let both = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (const record of sample) {
    const hasA = !isZeroOrEmpty(record, a);
    const hasB = !isZeroOrEmpty(record, b);
    if (hasA || hasB) either++;
    if (hasA && hasB) both++;
    else if (hasA) onlyA++;
    else if (hasB) onlyB++;
  }
  return onlyA > 0 && onlyB > 0 && both <= either * 0.05 && either >= sample.length * 0.6;
}

function isZeroOrEmpty(record: TableRecord, index: number): boolean {
  const typed = record.typed?.[index];
  if (typed) return typed.amount === null || /^-?[0.]*$/.test(typed.amount);
  const text = (record.cells[index] ?? "").trim();
  if (text === "" || isTyped(record, index)) return true;
  const value = parseAmount(text, ".") ?? parseAmount(text, ",");
  return value === null || /^-?[0.]*$/.test(value);
}
