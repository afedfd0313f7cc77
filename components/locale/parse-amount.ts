import { separatorsOf } from "./formatter";

/**
 * Amounts as people type them in their locale, read into the canonical decimal string the API
 * takes ("1.234,56" in de-DE -> "1234.56"). Rules:
 * - an optional sign (-, − or +), then digits; the locale's decimal separator at most once;
 * - the locale's group separator only between groups of three digits (any space counts when the
 *   locale groups with a space, and ' when it groups with ’);
 * - a lone "." or "," that the locale does not read that way is taken as the decimal point when it
 *   cannot be a group separator ("12.50" in de-DE, "12,5" in en-GB); followed by exactly three
 *   digits it could be either, and is refused ("1.234" in fr-FR);
 * - anything else (letters, currency signs, two decimal points, "1,234.56" in de-DE) is refused.
 * The currency's places are checked by the server, like any other amount.
 */

export type AmountReading = { ok: true; value: string } | { ok: false; message: string };

/** What a refusal says, in the interface's language (English unless told). */
export interface AmountWords {
  empty: () => string;
  /** `text` cannot be read; `example` is 1234.56 written in the locale. */
  malformed: (text: string, example: string) => string;
  /** `text` could be `whole` or `decimal` (a lone separator before three digits). */
  unclear: (text: string, whole: string, decimal: string) => string;
}

const ENGLISH: AmountWords = {
  empty: () => "Enter an amount.",
  malformed: (text, example) => `“${text}” is not an amount: write it like ${example}.`,
  unclear: (text, whole, decimal) => `“${text}” is unclear: write ${whole} or ${decimal}.`,
};

const SPACES = /[\s\u00a0\u202f\u2009\u2007]/g;
const SPACE_GROUP = /^[\s\u00a0\u202f\u2009\u2007]$/;
const APOSTROPHES = /['\u2019]/g;

/** How a locale writes 1234.56 with its grouping ("1.234,56", "1 234,56", "1,234.56"). */
function amountExample(locale: string): string {
  return new Intl.NumberFormat(locale, {
    numberingSystem: "latn",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(1234.56);
}

function validGrouping(chunks: string[]): boolean {
  const [first = "", ...rest] = chunks;
  return /^\d{1,3}$/.test(first) && rest.every((chunk) => /^\d{3}$/.test(chunk));
}

function canonical(negative: boolean, whole: string, fraction: string): string {
  const digits = whole.replace(/^0+(?=\d)/, "") || "0";
  const value = fraction ? `${digits}.${fraction}` : digits;
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
}

export function parseLocaleAmount(text: string, locale: string, words: AmountWords = ENGLISH): AmountReading {
  const { decimal, group } = separatorsOf(locale);
  const example = amountExample(locale);
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, message: words.empty() };
  const malformed: AmountReading = { ok: false, message: words.malformed(trimmed, example) };

  const signMatch = /^[-+\u2212]/.exec(trimmed);
  const negative = signMatch !== null && signMatch[0] !== "+";
  let body = trimmed.slice(signMatch ? 1 : 0).trim();
  // G: the locale's group separator, D: its decimal separator, X: "." or "," that the locale does not use.
  if (SPACE_GROUP.test(group)) body = body.replace(SPACES, "G");
  else if (group === "\u2019" || group === "'") body = body.replace(APOSTROPHES, "G");
  body = [...body]
    .map((char) => (char === decimal ? "D" : char === group ? "G" : char === "." || char === "," ? "X" : char))
    .join("");
  if (!/^[\dGDX]+$/.test(body) || !/\d/.test(body)) return malformed;

  const decimals = body.split("D");
  if (decimals.length > 2) return malformed;
  if (decimals.length === 2) {
    const [whole = "", fraction = ""] = decimals;
    if (!/^\d*$/.test(fraction) || whole.includes("X")) return malformed;
    if (whole.includes("G") && !validGrouping(whole.split("G"))) return malformed;
    return { ok: true, value: canonical(negative, whole.replace(/G/g, ""), fraction) };
  }

  const foreign = body.split("X");
  if (foreign.length > 2 || (foreign.length === 2 && body.includes("G"))) return malformed;
  if (foreign.length === 2) {
    const [whole = "", fraction = ""] = foreign;
    if (fraction.length === 3) {
      const decimalReading = `${whole}${decimal}${fraction}`;
      return { ok: false, message: words.unclear(trimmed, `${whole}${fraction}`, decimalReading) };
    }
    return { ok: true, value: canonical(negative, whole, fraction) };
  }

  const chunks = body.split("G");
  if (chunks.length === 1 || validGrouping(chunks))
    return { ok: true, value: canonical(negative, chunks.join(""), "") };
  // "12.50" in de-DE: one separator that cannot be grouping is the decimal point people meant.
  const [whole = "", fraction = ""] = chunks;
  if (chunks.length === 2 && (group === "." || group === ",") && fraction.length !== 3 && /^\d+$/.test(whole)) {
    return { ok: true, value: canonical(negative, whole, fraction) };
  }
  return malformed;
}

/**
 * `value` with the strings at `paths` ("amount", "accounts.*.opening_balance") read as amounts in
 * `locale`. Empty strings, nulls and missing fields stay as they are (the schema decides about
 * them); a string that cannot be read stays too, and `problems` says why, by path.
 */
export function readAmountFields<Value>(
  value: Value,
  paths: readonly string[],
  locale: string,
  words: AmountWords = ENGLISH,
): { value: Value; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const visit = (node: unknown, segments: readonly string[], at: readonly string[]): unknown => {
    const [head, ...rest] = segments;
    if (head === undefined) {
      if (typeof node !== "string" || node.trim() === "") return node;
      const reading = parseLocaleAmount(node, locale, words);
      if (reading.ok) return reading.value;
      problems[at.join(".")] = reading.message;
      return node;
    }
    if (Array.isArray(node)) {
      return node.map((item, index) =>
        head === "*" || head === String(index) ? visit(item, rest, [...at, String(index)]) : item,
      );
    }
    if (node === null || typeof node !== "object" || !(head in node)) return node;
    return { ...node, [head]: visit((node as Record<string, unknown>)[head], rest, [...at, head]) };
  };
  let result: unknown = value;
  for (const path of paths) result = visit(result, path.split("."), []);
  return { value: result as Value, problems };
}
