/**
 * Amounts as people and banks write them ("1.234,56", "1'234.50", "(12.30)", "12.30-", "- $1,150.00")
 * read into plain decimal strings ("-1234.56"). Shared by the statement parsers; no rounding, the
 * file's precision is kept.
 */

import Decimal from "decimal.js";

export type DecimalSeparator = "." | ",";

// A backslash is the yen's (and the won's) sign as Shift_JIS and EUC-KR write it: byte 0x5C, which
// Japanese and Korean systems show as ¥ and ₩ ("\7,000", JA Bank's).
const CURRENCY_SYMBOLS = /^(?:U\$[SD]|[A-Z]{0,3}[$€£¥₹₽₺₩₪₫฿₴₦₱¤]|\\|Kč|zł|Ft|Fr\.|kr\.?|Lei|[A-Z]{3})/u;
// Units written after the number too: "1,504円" (WAON), "150.58元", "12,000원".
const CURRENCY_SYMBOLS_END = /(?:U\$[SD]|[A-Z]{0,3}[$€£¥₹₽₺₩₪₫฿₴₦₱¤]|Kč|zł|Ft|Fr\.|kr\.?|Lei|[A-Z]{3}|[円元원])$/u;
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
  /** The part of the amount a bracketed note says was refunded, as written ("89.84"); null when none. */
  refunded: string | null;
}

/** A number with at most a leading minus and nothing around it: the shape most cells have. */
const PLAIN_NUMBER = /^-?[0-9.,]*$/;

/**
 * A note saying how much of the amount was refunded: "131.77(已退款89.84)" (JD, Alipay) is a
 * payment of which 89.84 came back, the refund itself listed as a row that moves no money; the
 * payment's own row is what stays spent.
 */
const REFUND_NOTE =
  /^\s*(?:已退款|已退|退款|部分退款|refunded|refund|erstattet|rückerstattet|remboursé|reembolsado|rimborsato|返金済?み?|환불)\s*:?\s*([-+]?[\d.,'’\s\u00a0]*\d)\s*$/iu;

function withoutNote(text: string): { text: string; refunded: string | null } {
  const note = trailingNote(text);
  if (!note) return { text, refunded: null };
  if (/^\s*(CR|DR|DB)\.?\s*$/i.test(note.inner)) return { text: `${note.before} ${note.inner.trim()}`, refunded: null };
  return { text: note.before, refunded: REFUND_NOTE.exec(note.inner)?.[1] ?? null };
}

/**
 * A note in brackets after the number ("12.00 (fee included)") is no part of the amount: it holds a
 * letter, which an accounting negative "(12.30)" does not. A bracketed CR or DR is found too, and
 * stays as the mark it is (withoutNote). Its parts are found by the last opening bracket rather
 * than by a pattern (one backtracked quadratically on a long cell: 4 s for 40,000 spaces).
 */
function trailingNote(text: string): { before: string; inner: string } | null {
  const last = text.charAt(text.length - 1);
  if (last !== ")" && last !== "）") return null;
  const open = Math.max(text.lastIndexOf("("), text.lastIndexOf("（"));
  if (open <= 0) return null;
  const inner = text.slice(open + 1, -1);
  const before = text.slice(0, open).trimEnd();
  return /\p{L}/u.test(inner) && !/[()（）]/.test(inner) && /\d/.test(before) ? { before, inner } : null;
}

/** Strips signs, parentheses, CR/DR marks and currency marks from both ends; null when no number is left. */
function numericCore(raw: string): NumericCore | null {
  if (PLAIN_NUMBER.test(raw)) {
    const body = plainBody(raw);
    return body === null ? null : { negative: body !== raw, body, refunded: null };
  }
  // A leading apostrophe is a spreadsheet's mark for a number kept as text ('579,68 USD).
  const noted = withoutNote(raw.replace(DASHES, "-").trim().replace(/^'/, ""));
  let s = noted.text;
  let negative = false;
  let signs = 0;
  // A debit mark after a minus says the same twice ("-2.146,05 DB", BCA's): one sign, not two.
  let debitMark = false;
  for (let guard = 0; guard < 12; guard++) {
    const before = s;
    if (s.startsWith("(") && s.endsWith(")")) {
      negative = !negative;
      signs++;
      s = s.slice(1, -1).trim();
    }
    // No leading \s* in the pattern: on a cell of spaces it made the search quadratic.
    // "DB" is the debit's mark in Indonesian and Malay statements.
    const mark = /(CR|DR|DB|Cr|Dr|Db)\.?$/.exec(s);
    if (mark?.[1] && /\d/.test(s.slice(0, mark.index))) {
      const debit = mark[1].toUpperCase() !== "CR";
      if (debit) negative = !negative;
      debitMark ||= debit;
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
  const agreeingDebit = debitMark && signs === 2 && !negative && /^\s*-/.test(noted.text);
  if ((signs > 1 && !agreeingDebit) || !/^[0-9.,'’\s\u00a0\u202f\u2009]*$/u.test(s) || !/\d/.test(s)) return null;
  return { negative: negative || agreeingDebit, body: s, refunded: noted.refunded };
}

/** A plain number's (PLAIN_NUMBER) digits and marks without its minus; null when it has no digit. */
function plainBody(raw: string): string | null {
  const body = raw.charCodeAt(0) === 45 ? raw.slice(1) : raw;
  return /\d/.test(body) ? body : null;
}

/** numericCore's body alone: for a plain number (most cells) without the object around it. */
function numericBody(raw: string): string | null {
  return PLAIN_NUMBER.test(raw) ? plainBody(raw) : (numericCore(raw)?.body ?? null);
}

/**
 * The decimal separator a single amount proves, or null when it cannot tell: "1,234" and "1.234"
 * are thousands or decimals, "12" has none.
 */
export function decimalSeparatorOf(raw: string): DecimalSeparator | null {
  const body = numericBody(raw);
  if (body === null) return null;
  const lastDot = body.lastIndexOf(".");
  const lastComma = body.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) return lastDot > lastComma ? "." : ",";
  const sep: DecimalSeparator | null = lastDot >= 0 ? "." : lastComma >= 0 ? "," : null;
  if (!sep) return null;
  // The mark more than once: thousands groups. Indexes, not a split: a file's every amount comes here.
  const at = sep === "." ? lastDot : lastComma;
  if (body.indexOf(sep) !== at) return sep === "." ? "," : ".";
  if (body.length - at - 1 !== 3) return sep;
  const intPart = body.slice(0, at);
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
    const groups = intRaw.split(GROUP_SPLIT[decimalSeparator]);
    // A formatter that counted the minus as a digit put a mark after it: "-,93,43,827.31" (Axis Bank).
    if (core.negative && groups.length > 2 && groups[0] === "") groups.shift();
    if (!isGrouped(groups, /^[\d,.]*$/.test(intRaw))) return null;
    digits = groups.join("");
  }
  const intDigits =
    (digits.length > 1 && digits.charCodeAt(0) === 48 ? digits.replace(/^0+(?=\d)/, "") : digits) || "0";
  const value = fracRaw ? `${intDigits}.${fracRaw}` : intDigits;
  const isZero = /^[0.]*$/.test(value);
  const amount = core.negative && !isZero ? `-${value}` : value;
  return core.refunded === null ? amount : lessRefund(amount, core.refunded, decimalSeparator);
}

/**
 * True for the groups of an integer part written with marks: thousands ("1,234,567"), or the
 * Indian lakh and crore grouping, where every group but the last has two digits ("12,34,567",
 * twelve lakh; "3,11,760.00", Axis and HDFC Bank).
 */
function isGrouped(groups: readonly string[], commasOrPoints: boolean): boolean {
  if (groups.length < 2 || !/^\d{3}$/.test(groups.at(-1)!)) return false;
  const [first = "", ...middle] = groups.slice(0, -1);
  if (/^\d{1,3}$/.test(first) && middle.every((group) => /^\d{3}$/.test(group))) return true;
  // Lakhs are parted by commas (or points), never by spaces ("06 12 34 567" is a phone number).
  return commasOrPoints && /^\d{1,2}$/.test(first) && middle.every((group) => /^\d{2}$/.test(group));
}

/** The amount less the part refunded, toward zero and never past it; the refund unreadable: not an amount. */
function lessRefund(amount: string, refundedRaw: string, decimalSeparator: DecimalSeparator): string | null {
  const refunded = parseAmount(refundedRaw, decimalSeparator);
  if (refunded === null) return null;
  const whole = new Decimal(amount);
  const back = Decimal.min(new Decimal(refunded).abs(), whole.abs());
  const left = whole.isNegative() ? whole.plus(back) : whole.minus(back);
  const placesOf = (text: string) => (text.includes(".") ? text.length - text.indexOf(".") - 1 : 0);
  const places = Math.max(placesOf(amount), placesOf(refunded));
  return left.isZero() ? left.abs().toFixed(places) : left.toFixed(places);
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
