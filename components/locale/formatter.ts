/**
 * Every number and date the dashboard shows, in one locale (Intl). Money arrives as the server's
 * decimal string and is formatted as that string (Intl reads a decimal string exactly), with the
 * places the server wrote: never through a float. Digits are always Latin (0-9), whatever the locale.
 */

const DECIMAL = /^[-+]?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const MINUS = "\u2212";
const DASH = "\u2014";

type Decimal = Intl.StringNumericLiteral;

/** Places after the point of a decimal string ("12.50" -> 2, "1500" -> 0). */
function placesOf(amount: string): number {
  const point = amount.indexOf(".");
  return point === -1 ? 0 : amount.length - point - 1;
}

/** A real minus sign (read out as "minus", and as wide as a plus), in every locale. */
function joinParts(parts: Intl.NumberFormatPart[]): string {
  return parts.map((part) => (part.type === "minusSign" ? MINUS : part.value)).join("");
}

export interface Formatter {
  locale: string;
  /** "-1234.50", "EUR" -> "−1.234,50 €" (de-DE) / "−€1,234.50" (en-GB); the string's own places are kept. */
  money(amount: string, currencyCode: string): string;
  /** A decimal string or a count with the locale's grouping: "1234.5" -> "1.234,5"; a string keeps its places. */
  number(value: string | number): string;
  /** A signed change: "1.50" -> "+1,50", "-2" -> "−2", "0" -> "0". */
  signed(value: string | number): string;
  /** A value that is already in percent: "25.00" -> "25,00 %" (de-DE) / "25.00%" (en); null -> "—". */
  percent(value: string | number | null, none?: string): string;
  /** Axis ticks: 12345 -> "12K" (en) / "12.345" (de). */
  compact(value: number): string;
  /** A calendar day "2026-11-23" -> "23.11.2026" / "23 Nov 2026" / "Nov 23, 2026", never shifted by a timezone. */
  day(day: string | null, none?: string): string;
  /** The day of an instant ("2026-11-23T22:30:00Z"), in the browser's timezone. */
  instantDay(iso: string | null, none?: string): string;
  /** An instant with its time, in the browser's timezone. */
  moment(iso: string | null, never?: string): string;
  /** "2026-08" -> "August 2026". */
  month(month: string): string;
  /** "2026-08" -> "Aug 26" / "Aug. 26": chart axes. */
  shortMonth(month: string): string;
  /** A canonical amount as the user would type it, for prefilled inputs: "1234.56" -> "1234,56" (no grouping). */
  amountInput(amount: string | null | undefined): string;
}

/** The decimal and group separators of a locale's numbers (fr-FR: "," and U+202F). */
export function separatorsOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale, { numberingSystem: "latn", useGrouping: true }).formatToParts(1234567.5);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? "",
  };
}

/** The formatter's few words, in the interface's language (English unless told). */
export interface FormatterWords {
  /** An instant that has not happened ("never" used). */
  never: string;
}

export function createFormatter(locale: string, words: FormatterWords = { never: "never" }): Formatter {
  const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
  const cached = <T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T => {
    let found = cache.get(key) as T | undefined;
    if (!found) cache.set(key, (found = make()));
    return found;
  };
  const numbers = (key: string, options: Intl.NumberFormatOptions) =>
    cached(`n:${key}`, () => new Intl.NumberFormat(locale, { numberingSystem: "latn", ...options }));
  const dates = (key: string, options: Intl.DateTimeFormatOptions) =>
    cached(`d:${key}`, () => new Intl.DateTimeFormat(locale, { numberingSystem: "latn", ...options }));
  const fixed = (places: number) => ({ minimumFractionDigits: places, maximumFractionDigits: places });

  const currencyFormat = (code: string, places: number): Intl.NumberFormat | null => {
    if (!/^[A-Za-z]{3}$/.test(code)) return null;
    return numbers(`c:${code}:${places}`, { style: "currency", currency: code.toUpperCase(), ...fixed(places) });
  };
  const decimalParts = (value: string | number, options: Intl.NumberFormatOptions = {}, key = "") => {
    if (typeof value === "number")
      return numbers(`num:${key}`, { maximumFractionDigits: 2, ...options }).formatToParts(value);
    const places = placesOf(value);
    return numbers(`dec:${places}:${key}`, { ...fixed(places), ...options }).formatToParts(value as Decimal);
  };
  const isNumeric = (value: string | number) =>
    typeof value === "number" ? Number.isFinite(value) : DECIMAL.test(value);
  const utcDay = (text: string) => new Date(`${text}T00:00:00Z`);

  return {
    locale,
    money(amount, currencyCode) {
      if (!DECIMAL.test(amount)) return currencyCode ? `${amount} ${currencyCode}` : amount;
      const currency = currencyFormat(currencyCode, placesOf(amount));
      if (!currency) return `${joinParts(decimalParts(amount))}${currencyCode ? ` ${currencyCode}` : ""}`;
      return joinParts(currency.formatToParts(amount as Decimal));
    },
    number(value) {
      return isNumeric(value) ? joinParts(decimalParts(value)) : String(value);
    },
    signed(value) {
      return isNumeric(value) ? joinParts(decimalParts(value, { signDisplay: "exceptZero" }, "signed")) : String(value);
    },
    percent(value, none = DASH) {
      if (value === null) return none;
      return isNumeric(value)
        ? joinParts(decimalParts(value, { style: "unit", unit: "percent" }, "percent"))
        : String(value);
    },
    compact(value) {
      const parts = numbers("compact", { notation: "compact", maximumFractionDigits: 1 }).formatToParts(value);
      // Where the locale shortens no thousands (German: "6000", but "1,5 Mio."), the full number with its grouping reads better: "6.000".
      if (parts.some((part) => part.type === "compact")) return joinParts(parts);
      return joinParts(numbers("whole", { maximumFractionDigits: 0 }).formatToParts(value));
    },
    day(day, none = DASH) {
      if (day === null) return none;
      return DAY.test(day) ? dates("day", { dateStyle: "medium", timeZone: "UTC" }).format(utcDay(day)) : day;
    },
    instantDay(iso, none = DASH) {
      if (iso === null) return none;
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dates("instant-day", { dateStyle: "medium" }).format(date);
    },
    moment(iso, never = words.never) {
      if (iso === null) return never;
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? iso
        : dates("moment", { dateStyle: "medium", timeStyle: "short" }).format(date);
    },
    month(month) {
      return MONTH.test(month)
        ? dates("month", { month: "long", year: "numeric", timeZone: "UTC" }).format(utcDay(`${month}-01`))
        : month;
    },
    shortMonth(month) {
      return MONTH.test(month)
        ? dates("short-month", { month: "short", year: "2-digit", timeZone: "UTC" }).format(utcDay(`${month}-01`))
        : month;
    },
    amountInput(amount) {
      if (!amount) return "";
      return DECIMAL.test(amount) ? amount.replace(".", separatorsOf(locale).decimal) : amount;
    },
  };
}
