/**
 * Dates and amounts written as text in a table cell. Ambiguities (day/month order, decimal comma
 * or point) are settled per column by looking at all of its values first.
 */
import Decimal from "decimal.js";

export type DayMonthOrder = "dmy" | "mdy";
export type DecimalSeparator = "." | ",";
/** A day, "none" when the text is not a date at all, "invalid" when it looks like one but is not. */
export type DateReading = { iso: string } | "none" | "invalid";

const MONTHS: Record<string, number> = {
  jan: 1, gen: 1, ene: 1, feb: 2, mar: 3, mrz: 3, mrt: 3, apr: 4, abr: 4, may: 5, mai: 5, mag: 5, mei: 5,
  jun: 6, giu: 6, jul: 7, lug: 7, aug: 8, ago: 8, sep: 9, set: 9, oct: 10, okt: 10, ott: 10, nov: 11,
  dec: 12, dez: 12, dic: 12,
};

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/;
const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:\s.*)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const DAY_NAME = /^(\d{1,2})[\s./-]*([a-z\u00e0-\u00ff]{3,})\.?[\s./,-]*(\d{4}|\d{2})(?:\s.*)?$/i;
const NAME_DAY = /^([a-z\u00e0-\u00ff]{3,})\.?\s+(\d{1,2}),?\s+(\d{4})$/i;

/** Day-first unless a value proves month-first (a middle part above 12); ambiguous if unproven. */
export function inferDayMonthOrder(texts: string[]): { order: DayMonthOrder; ambiguous: boolean } {
  let dayFirst = false;
  let monthFirst = false;
  let undecided = false;
  for (const text of texts) {
    const match = NUMERIC.exec(text.trim());
    if (!match || match[2] === ".") continue;
    const first = Number(match[1]);
    const second = Number(match[3]);
    if (first > 12) dayFirst = true;
    else if (second > 12) monthFirst = true;
    else if (first !== second) undecided = true;
  }
  if (monthFirst && !dayFirst) return { order: "mdy", ambiguous: false };
  return { order: "dmy", ambiguous: undecided && !dayFirst };
}

export function parseDateText(raw: string, order: DayMonthOrder): DateReading {
  const text = raw.trim();
  let match = ISO.exec(text);
  if (match) return day(Number(match[1]), Number(match[2]), Number(match[3]));
  match = NUMERIC.exec(text);
  if (match) {
    const [first, second] = [Number(match[1]), Number(match[3])];
    const year = fullYear(match[4]!);
    return match[2] === "." || order === "dmy" ? day(year, second, first) : day(year, first, second);
  }
  match = COMPACT.exec(text);
  if (match) return day(Number(match[1]), Number(match[2]), Number(match[3]));
  match = DAY_NAME.exec(text);
  if (match) return namedMonthDay(fullYear(match[3]!), match[2]!, Number(match[1]));
  match = NAME_DAY.exec(text);
  if (match) return namedMonthDay(Number(match[3]), match[1]!, Number(match[2]));
  return "none";
}

/** The decimal separator the column's text amounts agree on; "." when none of them tells. */
export function inferDecimalSeparator(texts: string[]): DecimalSeparator {
  for (const raw of texts) {
    const text = raw.replace(/[^\d.,]/g, "");
    const lastDot = text.lastIndexOf(".");
    const lastComma = text.lastIndexOf(",");
    if (lastDot >= 0 && lastComma >= 0) return lastComma > lastDot ? "," : ".";
    const separator = lastComma >= 0 ? "," : lastDot >= 0 ? "." : null;
    if (!separator) continue;
    const other: DecimalSeparator = separator === "," ? "." : ",";
    if (text.split(separator).length > 2) return other; // 1.234.567: the separator groups thousands
    if (text.length - text.lastIndexOf(separator) - 1 !== 3) return separator; // 12,5 or 12,50
  }
  return ".";
}

/**
 * An amount as banks print it: "1.234,56", "-12.30", "(12.30)", "12.30-", "'579,68 USD", "€ 5",
 * "11'373.94". Null when the text is not a number. `currency` is an ISO code written beside it.
 */
export function parseAmountText(raw: string, decimal: DecimalSeparator): { value: Decimal; currency: string | null } | null {
  let text = raw.trim().replace(/^'/, "").replace(/\u2212/g, "-");
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/.exec(text);
  const currency = code ? code[1]! : null;
  text = text.replace(/(?:^|(?<=[^A-Za-z]))[A-Z]{3}(?![A-Za-z])/g, "").replace(/[$€£¥₹₩₪₫₺₽฿]/gu, "").replace(/[\s\u00a0\u202f]/g, "");
  let negative = false;
  const mark = /(CR|DR)\.?$/i.exec(text);
  if (mark) [negative, text] = [mark[1]!.toUpperCase() === "DR", text.slice(0, mark.index)];
  const parenthesised = /^\((.*)\)$/.exec(text);
  if (parenthesised) [negative, text] = [true, parenthesised[1]!];
  if (/^[-+]/.test(text)) [negative, text] = [negative !== (text[0] === "-"), text.slice(1)];
  else if (/-$/.test(text)) [negative, text] = [true, text.slice(0, -1)];
  if (!/^\d[\d.,']*$/.test(text) && !/^[.,]\d+$/.test(text)) return null;
  text = text.replace(/'/g, "");
  const grouping = decimal === "," ? "." : ",";
  text = text.split(grouping).join("");
  if (text.split(decimal).length > 2) return null;
  const value = new Decimal(text.replace(decimal, "."));
  return { value: negative ? value.negated() : value, currency };
}

/** A canonical number string from a number cell ("1234.5", "-1e-7"), or null. */
export function parseCanonicalNumber(text: string): Decimal | null {
  try {
    return /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text.trim()) ? new Decimal(text.trim()) : null;
  } catch {
    return null;
  }
}

/** Full precision, at least two decimals, never "-0.00". */
export function formatAmount(value: Decimal): string {
  if (value.isZero()) return "0.00";
  return value.decimalPlaces() < 2 ? value.toFixed(2) : value.toFixed();
}

/** Collapses line breaks and runs of spaces inside a cell. */
export function cleanText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function namedMonthDay(year: number, name: string, dayOfMonth: number): DateReading {
  const key = name.normalize("NFD").replace(/\p{M}/gu, "").slice(0, 3).toLowerCase();
  const month = MONTHS[key];
  return month ? day(year, month, dayOfMonth) : "none";
}

function fullYear(digits: string): number {
  const year = Number(digits);
  return digits.length === 2 ? (year < 70 ? 2000 + year : 1900 + year) : year;
}

function day(year: number, month: number, dayOfMonth: number): DateReading {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || dayOfMonth < 1) return "invalid";
  if (dayOfMonth > new Date(Date.UTC(year, month, 0)).getUTCDate()) return "invalid";
  return { iso: `${year}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}` };
}
