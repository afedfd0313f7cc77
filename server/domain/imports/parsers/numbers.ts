/**
 * Amounts as people and banks write them ("1.234,56", "1'234.50", "(12.30)", "12.30-", "- $1,150.00")
 * read into plain decimal strings ("-1234.56"). Shared by the statement parsers; no rounding, the
 * file's precision is kept.
 */

export type DecimalSeparator = "." | ",";

const CURRENCY_SYMBOLS = /^(?:[A-Z]{0,3}[$€£¥₹₽₺₩₪₫฿₴₦₱¤]|Kč|zł|Ft|Fr\.|kr\.?|Lei|[A-Z]{3})/u;
const CURRENCY_SYMBOLS_END = /(?:[A-Z]{0,3}[$€£¥₹₽₺₩₪₫฿₴₦₱¤]|Kč|zł|Ft|Fr\.|kr\.?|Lei|[A-Z]{3})$/u;
const THOUSANDS_MARKS = /['’\s\u00a0\u202f\u2009]/u;
const THOUSANDS_MARKS_ALL = /['’\s\u00a0\u202f\u2009]/gu;
/** Splits an integer part into thousands groups, given the decimal separator the amount uses. */
const GROUP_SPLIT: Record<DecimalSeparator, RegExp> = {
  ".": /[,'’\s\u00a0\u202f\u2009]/u,
  ",": /[.'’\s\u00a0\u202f\u2009]/u,
};
const DASHES = /[\u2212\u2012\u2013\u2014\ufe63\uff0d]/gu;

interface NumericCore {
  negative: boolean;
  /** Digits with their separators, signs and currency marks removed from both ends. */
  body: string;
}

/** A number with at most a leading minus and nothing around it: the shape most cells have. */
const PLAIN_NUMBER = /^-?[0-9.,]*$/;

/** Strips signs, parentheses, CR/DR marks and currency marks from both ends; null when no number is left. */
function numericCore(raw: string): NumericCore | null {
  if (PLAIN_NUMBER.test(raw)) {
    const negative = raw.startsWith("-");
    const body = negative ? raw.slice(1) : raw;
    return /\d/.test(body) ? { negative, body } : null;
  }
  // A leading apostrophe is a spreadsheet's mark for a number kept as text ('579,68 USD).
  let s = raw.replace(DASHES, "-").trim().replace(/^'/, "");
  let negative = false;
  let signs = 0;
  for (let guard = 0; guard < 12; guard++) {
    const before = s;
    if (s.startsWith("(") && s.endsWith(")")) {
      negative = !negative;
      signs++;
      s = s.slice(1, -1).trim();
    }
    const mark = /\s*(CR|DR|Cr|Dr)\.?$/.exec(s);
    if (mark?.[1] && /\d/.test(s.slice(0, mark.index))) {
      if (mark[1].toUpperCase() === "DR") negative = !negative;
      signs++;
      s = s.slice(0, mark.index).trim();
    }
    if (s.startsWith("-") || s.startsWith("+")) {
      if (s.startsWith("-")) negative = !negative;
      signs++;
      s = s.slice(1).trim();
    }
    if (s.endsWith("-") || s.endsWith("+")) {
      if (s.endsWith("-")) negative = !negative;
      signs++;
      s = s.slice(0, -1).trim();
    }
    s = s.replace(CURRENCY_SYMBOLS, "").replace(CURRENCY_SYMBOLS_END, "").trim();
    if (s === before) break;
  }
  if (signs > 1 || !/^[0-9.,'’\s\u00a0\u202f\u2009]*$/u.test(s) || !/\d/.test(s)) return null;
  return { negative, body: s };
}

/**
 * The decimal separator a single amount proves, or null when it cannot tell: "1,234" and "1.234"
 * are thousands or decimals, "12" has none.
 */
export function decimalSeparatorOf(raw: string): DecimalSeparator | null {
  const core = numericCore(raw);
  if (!core) return null;
  const body = core.body;
  const lastDot = body.lastIndexOf(".");
  const lastComma = body.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? "." : ",";
  const sep: DecimalSeparator | null = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (!sep) return null;
  const parts = body.split(sep);
  if (parts.length > 2) return sep === "." ? "," : ".";
  const [intPart = "", fracPart = ""] = parts;
  if (fracPart.length !== 3) return sep;
  // Three digits after a single mark read as a thousands group unless the part before cannot be one.
  const intDigits = intPart.replace(THOUSANDS_MARKS_ALL, "");
  if (intDigits.length >= 1 && intDigits.length <= 3 && !/^0+$/.test(intDigits)) {
    return THOUSANDS_MARKS.test(intPart) ? sep : null;
  }
  return sep;
}

/**
 * Reads an amount written with the given decimal separator into a plain decimal string with "."
 * and a leading "-" when negative ("-1234.56"); null when the text is not an amount.
 */
export function parseAmount(raw: string, decimalSeparator: DecimalSeparator): string | null {
  const core = numericCore(raw);
  if (!core) return null;
  const { body } = core;
  // At most one decimal separator; the integer part before it, the fraction after (indexes, not a split: 100k cells).
  const at = body.indexOf(decimalSeparator);
  if (at !== -1 && body.indexOf(decimalSeparator, at + 1) !== -1) return null;
  const intRaw = at === -1 ? body : body.slice(0, at);
  const fracRaw = at === -1 ? "" : body.slice(at + 1);
  if (!/^\d*$/.test(fracRaw)) return null;
  let digits = intRaw;
  if (!/^\d*$/.test(intRaw)) {
    // Not plain digits: thousands groups ("1.234.567" with a decimal comma), or not an amount.
    const [first = "", ...rest] = intRaw.split(GROUP_SPLIT[decimalSeparator]);
    if (rest.length === 0 || !/^\d{1,3}$/.test(first) || rest.some((g) => !/^\d{3}$/.test(g))) return null;
    digits = first + rest.join("");
  }
  const intDigits =
    (digits.length > 1 && digits.charCodeAt(0) === 48 ? digits.replace(/^0+(?=\d)/, "") : digits) || "0";
  const value = fracRaw ? `${intDigits}.${fracRaw}` : intDigits;
  const isZero = /^[0.]*$/.test(value);
  return core.negative && !isZero ? `-${value}` : value;
}

/** "-12.30" -> "12.30", "12.30" -> "-12.30"; zero stays unsigned. */
export function negateAmount(amount: string): string {
  if (amount.startsWith("-")) return amount.slice(1);
  return /^[0.]*$/.test(amount) ? amount : `-${amount}`;
}

/** The amount without its sign. */
export function absoluteAmount(amount: string): string {
  return amount.startsWith("-") ? amount.slice(1) : amount;
}
