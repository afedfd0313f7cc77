/**
 * Date cells as banks print them, read to "YYYY-MM-DD" without any timezone shift. Numeric dates
 * with the year last ("01/02/2019") are ambiguous one by one, so the day/month order is decided for
 * a whole column (see `detectDayMonthOrder`).
 */
import { clearlyCloser, daySpread, fullYear, isoDate, monthFromName } from "../dates";

export type DayMonthOrder = "dmy" | "mdy";

type DateParts =
  | { kind: "exact"; iso: string }
  /** a/b/year: day and month in an order the cell alone cannot tell. */
  | { kind: "numeric"; first: number; second: number; year: number; separator: string };

// "2012:03:01" (Danske Bank Lithuania) too: a time never starts with four digits.
// "2019 10 11" (Bank Pocztowy) too: four digits, then groups of one or two, is never a number's grouping.
const YEAR_FIRST = /^(\d{4})([-./: ])(\d{1,2})\2(\d{1,2})\.?(?=$|[\sT])/;
// OFX's timestamp too, as old Chase CSVs print it: "20091224120000[0:GMT]".
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\d{6}(?:\.\d{1,3})?)?(?:\[[-+]?\d{1,2}(?:\.\d+)?(?::\w{1,5})?\])?(?=$|[\sT])/;
const YEAR_LAST = /^(\d{1,2})([-./])(\d{1,2})\2(\d{4}|\d{2})\.?(?=$|[\s,T-])/;
// "24 lug 2024. 02:59:45" (Satispay): a dot may end the year, as it ends a day in "24. lug".
// A year of one digit too ("10-Nov-9", an Australian bank's export read by reckon), and no separators
// at all ("24Jan2025", HSBC India's): the month's name parts the figures.
const NAMED = /^(\d{1,2})[-.\s/]*([\p{L}]{3,12})\.?[-.\s/,]*(\d{4}|\d{1,2})\.?(?=$|[\s,T])/u;
const NAMED_MONTH_FIRST = /^([\p{L}]{3,12})\.?\s+(\d{1,2}),?\s+(\d{4})(?=$|[\s,T])/u;
// Hungarian: the year, the month's name, the day ("2020. október 15.").
const NAMED_YEAR_FIRST = /^(\d{4})\.?\s+([\p{L}]{3,12})\.?\s+(\d{1,2})\.?(?=$|[\s,T])/u;

/** A second numeric date after the first, past a word or a dash: the cell names a period. */
const SECOND_DATE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}\s*(?:[-–—~～]|\p{L}{1,5})\s*\d{1,4}[-./]\d{1,2}[-./]\d{1,4}/u;

function year(text: string): number {
  return text.length <= 2 ? fullYear(Number(text)) : Number(text);
}

/** Reads the date at the start of a cell; anything after it (a time, a zone, " as of ...") is ignored. */
function dateParts(raw: string): DateParts | null {
  const s = raw.trim();
  // A period ("29-12-2017 al 17-01-2018", a summary's under BCI's rows) is no day of a transaction.
  if (SECOND_DATE.test(s)) return null;
  let m = YEAR_FIRST.exec(s);
  if (m) {
    const iso = isoDate(Number(m[1]), Number(m[3]), Number(m[4]));
    return iso ? { kind: "exact", iso } : null;
  }
  m = COMPACT.exec(s);
  if (m) {
    const iso = isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
    return iso ? { kind: "exact", iso } : null;
  }
  m = YEAR_LAST.exec(s);
  if (m)
    return {
      kind: "numeric",
      first: Number(m[1]),
      second: Number(m[3]),
      year: year(m[4] ?? ""),
      separator: m[2] ?? "",
    };
  m = NAMED.exec(s);
  if (m) {
    const month = monthFromName(m[2] ?? "");
    const iso = month ? isoDate(year(m[3] ?? ""), month, Number(m[1])) : null;
    return iso ? { kind: "exact", iso } : null;
  }
  m = NAMED_MONTH_FIRST.exec(s);
  if (m) {
    const month = monthFromName(m[1] ?? "");
    const iso = month ? isoDate(Number(m[3]), month, Number(m[2])) : null;
    return iso ? { kind: "exact", iso } : null;
  }
  m = NAMED_YEAR_FIRST.exec(s);
  if (m) {
    const month = monthFromName(m[2] ?? "");
    const iso = month ? isoDate(Number(m[1]), month, Number(m[3])) : null;
    return iso ? { kind: "exact", iso } : null;
  }
  return null;
}

function fromNumeric(parts: { first: number; second: number; year: number }, order: DayMonthOrder): string | null {
  return order === "dmy"
    ? isoDate(parts.year, parts.second, parts.first)
    : isoDate(parts.year, parts.first, parts.second);
}

/** Reads one date cell with a known day/month order; null when it is not a date. */
export function parseDate(raw: string, order: DayMonthOrder): string | null {
  const parts = dateParts(raw);
  if (!parts) return null;
  return parts.kind === "exact" ? parts.iso : fromNumeric(parts, order);
}

/** "31Feb2025": day, a month's name and year without separators, shaped like a date whether it is one or not. */
function glued(s: string): boolean {
  const m = /^\d{1,2}([\p{L}]{3,12})\d{2,4}(?=$|[\s,T])/u.exec(s);
  return m !== null && monthFromName(m[1] ?? "") !== null;
}

/** True when a cell is shaped like a date (digits and separators) even if it is not a valid one. */
export function looksLikeDate(raw: string): boolean {
  const s = raw.trim();
  return (
    !SECOND_DATE.test(s) &&
    (/^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}/.test(s) ||
      /^\d{4}:\d{1,2}:\d{1,2}(?:$|[\sT])/.test(s) ||
      COMPACT.test(s) ||
      /^\d{1,2}[-.\s][\p{L}]{3,12}[-.\s]\d{1,4}/u.test(s) ||
      glued(s))
  );
}

export interface OrderDecision {
  order: DayMonthOrder;
  /** How it was decided: from the values themselves, or from a fallback (then the column was ambiguous). */
  decidedBy: "values" | "sequence" | "unambiguous" | "fallback";
  /** Values contradict each other (some only read as D/M, others only as M/D). */
  conflicting: boolean;
}

/**
 * Decides day/month order from a whole column: a first number above 12 proves day-first, a second
 * number above 12 proves month-first. With no proof either way, the reading in which consecutive
 * rows lie clearly closer together (ten rows over three days, not over three months); else the
 * fallback. The values come in file order.
 */
/** The distinct dates the sequence of a column needs before it decides the order. */
const MIN_DAYS_FOR_SEQUENCE = 3;

export function detectDayMonthOrder(values: readonly string[], fallback: DayMonthOrder): OrderDecision {
  let dmy = 0;
  let mdy = 0;
  let ambiguous = 0;
  // A column repeats its dates (a year has 365): each distinct text is read once, and counted as often as it occurs.
  const occurrences = new Map<string, number>();
  for (const value of values) occurrences.set(value, (occurrences.get(value) ?? 0) + 1);
  const partsOf = new Map<string, DateParts | null>();
  for (const [value, times] of occurrences) {
    const parts = dateParts(value);
    partsOf.set(value, parts);
    if (!parts || parts.kind === "exact") continue;
    const asDmy = fromNumeric(parts, "dmy") !== null;
    const asMdy = fromNumeric(parts, "mdy") !== null;
    if (asDmy && !asMdy) dmy += times;
    else if (asMdy && !asDmy) mdy += times;
    else if (asDmy && asMdy && parts.first !== parts.second) ambiguous += times;
  }
  if (dmy === 0 && mdy === 0) {
    if (ambiguous === 0) return { order: fallback, decidedBy: "unambiguous", conflicting: false };
    // Two days say little of how close a statement's days lie (Mint's "8/02/2016" and
    // "6/02/2016" are 61 days apart as months and 2 as days): the fallback decides them.
    if (occurrences.size < MIN_DAYS_FOR_SEQUENCE) return { order: fallback, decidedBy: "fallback", conflicting: false };
    const closer = clearlyCloser<DayMonthOrder>(
      { value: "dmy", spread: spreadAs(values, partsOf, "dmy") },
      { value: "mdy", spread: spreadAs(values, partsOf, "mdy") },
    );
    if (closer) return { order: closer, decidedBy: "sequence", conflicting: false };
    return { order: fallback, decidedBy: "fallback", conflicting: false };
  }
  return { order: dmy >= mdy ? "dmy" : "mdy", decidedBy: "values", conflicting: dmy > 0 && mdy > 0 };
}

function spreadAs(values: readonly string[], partsOf: ReadonlyMap<string, DateParts | null>, order: DayMonthOrder) {
  const dates: string[] = [];
  for (const value of values) {
    const parts = partsOf.get(value);
    const iso = !parts ? null : parts.kind === "exact" ? parts.iso : fromNumeric(parts, order);
    if (iso) dates.push(iso);
  }
  return daySpread(dates);
}

/** The separator of the first year-last numeric date among the values ("." for 31.01.2024), if any. */
export function numericDateSeparator(values: readonly string[]): string | null {
  for (const value of values) {
    const parts = dateParts(value);
    if (parts?.kind === "numeric") return parts.separator;
  }
  return null;
}
