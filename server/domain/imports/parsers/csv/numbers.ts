/**
 * Amount columns: which decimal separator a column (or the whole file) uses, decided from every
 * value that proves it, and the reading of single cells with it.
 */
import { type DecimalSeparator, decimalSeparatorOf, parseAmount } from "../numbers";
import { isCurrencyCode } from "./headers";

export { type DecimalSeparator, parseAmount, negateAmount, absoluteAmount, decimalSeparatorOf } from "../numbers";

export interface SeparatorEvidence {
  dot: number;
  comma: number;
}

/** Counts the values that prove "." or "," as the decimal separator. */
export function separatorEvidence(values: readonly string[]): SeparatorEvidence {
  const evidence = { dot: 0, comma: 0 };
  for (const value of values) {
    const sep = decimalSeparatorOf(value);
    if (sep === ".") evidence.dot++;
    else if (sep === ",") evidence.comma++;
  }
  return evidence;
}

/** The column's own evidence first, then the file's, then the fallback (from the delimiter). */
export function chooseDecimalSeparator(
  column: SeparatorEvidence,
  file: SeparatorEvidence,
  fallback: DecimalSeparator,
): DecimalSeparator {
  if (column.dot !== column.comma) return column.dot > column.comma ? "." : ",";
  if (file.dot !== file.comma) return file.dot > file.comma ? "." : ",";
  return fallback;
}

/** The cell read as an amount with "." as the decimal separator, else with ","; null when neither reads it. */
export function amountWithEitherSeparator(raw: string): string | null {
  return parseAmount(raw, ".") ?? parseAmount(raw, ",");
}

/** True when the cell reads as an amount with either separator. */
export function looksLikeAmount(raw: string): boolean {
  return raw.trim() !== "" && amountWithEitherSeparator(raw) !== null;
}

const CURRENCY_BY_SYMBOL: ReadonlyArray<[RegExp, string]> = [
  [/€/u, "EUR"],
  [/£/u, "GBP"],
  [/CHF|Fr\./u, "CHF"],
  [/Kč/u, "CZK"],
  [/zł/u, "PLN"],
  [/\bFt\b/u, "HUF"],
  [/¥|円/u, "JPY"],
  [/元/u, "CNY"],
  [/₩|원/u, "KRW"],
  [/\$/u, "USD"],
  // The Nordic crowns' "kr" ("-1 234,00 kr", ICA Banken's): Sweden's unless the account keeps another's.
  [/(?:^|[^\p{L}])kr\.?(?!\p{L})/iu, "SEK"],
];

/** US dollars said so ("US$ -12,99", "U$S", on an Argentine card beside its "$" pesos): never the account's "$". */
const US_DOLLARS = /(?<![A-Z])(?:US\$|U\$[SD])/u;

/** Signs several currencies share ("$" the dollars', "¥" the yen's and the yuan's), by the code CURRENCY_BY_SYMBOL gives them. */
const SHARED_SIGNS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  // The dollars' and the pesos' "$" ("$ 70.330,00" is Colombian pesos on a peso account), Brazil's "R$".
  [
    "USD",
    new Set(
      "USD CAD AUD NZD SGD HKD MXN TWD COP CLP ARS UYU BRL DOP CUP BSD BBD BZD BMD BND KYD FJD GYD JMD LRD NAD SBD SRD TTD XCD NIO TOP WST MOP".split(
        " ",
      ),
    ),
  ],
  ["JPY", new Set(["JPY", "CNY"])],
  // 元 is the Taiwan, Hong Kong and Macau dollar's unit as well.
  ["CNY", new Set(["CNY", "TWD", "HKD", "MOP"])],
  ["SEK", new Set(["SEK", "NOK", "DKK", "ISK"])],
]);

/**
 * The currency an amount cell names by its code ("579,68 USD") or symbol ("£67.40" -> GBP); "$" is
 * the account's own dollar currency when it has one, "¥" its yuan when it is one (else the yen).
 */
export function currencyFromSymbol(raw: string, defaultCurrency: string | null): string | null {
  // Digits, signs and separators only (most cells): no code and no symbol to find.
  if (/^[-+\d.,'’()\s]*$/.test(raw)) return null;
  const code = /(?:^|[^A-Za-z])([A-Z]{3})(?![A-Za-z])/.exec(raw)?.[1];
  if (code && isCurrencyCode(code)) return code;
  if (US_DOLLARS.test(raw)) return "USD";
  for (const [pattern, code] of CURRENCY_BY_SYMBOL) {
    if (!pattern.test(raw)) continue;
    return defaultCurrency && SHARED_SIGNS.get(code)?.has(defaultCurrency) ? defaultCurrency : code;
  }
  return null;
}
