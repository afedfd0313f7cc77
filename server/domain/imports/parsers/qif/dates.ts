/**
 * QIF dates as programs really write them: `1/ 5'24` and `12/31' 3` (Quicken: the apostrophe
 * marks a year 2000 or later), `01/05/2024`, `1/5/24`, `2024-01-05`, `05.01.2024`. Day and month
 * order is not in the file; it is decided once for the whole file.
 */
import { clearlyCloser, daySpread, fullYear, isoDate } from "../dates";

export type DayMonthOrder = "dmy" | "mdy";

type QifDateParts =
  | { kind: "exact"; iso: string | null }
  | { kind: "numeric"; first: number; second: number; year: number; separator: string };

/** The parts of a D field; null when it is not shaped like a date at all. */
function qifDateParts(raw: string): QifDateParts | null {
  const text = raw.replace(/\s+/g, "");
  let found = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(text);
  if (found) return { kind: "exact", iso: isoDate(Number(found[1]), Number(found[2]), Number(found[3])) };
  found = /^(\d{1,2})([-./])(\d{1,2})(['/.-])(\d{1,4})$/.exec(text);
  if (!found) return null;
  const yearText = found[5]!;
  let year: number;
  if (yearText.length === 4) year = Number(yearText);
  else if (yearText.length === 3) return { kind: "exact", iso: null };
  else year = found[4] === "'" ? 2000 + Number(yearText) : fullYear(Number(yearText));
  return { kind: "numeric", first: Number(found[1]), second: Number(found[3]), year, separator: found[2]! };
}

/** Reads a D field with the file's order; null when it is not a real date. */
export function readQifDate(raw: string, order: DayMonthOrder): string | null {
  const parts = qifDateParts(raw);
  if (!parts) return null;
  if (parts.kind === "exact") return parts.iso;
  return order === "dmy"
    ? isoDate(parts.year, parts.second, parts.first)
    : isoDate(parts.year, parts.first, parts.second);
}

export interface OrderDecision {
  order: DayMonthOrder;
  /** Why: a value above 12, consecutive dates that only make sense one way, the person's format, or an assumption. */
  reason: "values" | "sequence" | "given" | "assumed" | "none";
  /** Some dates only read day first and others only month first. */
  conflicting: boolean;
}

/** The day spread of each account's dates read in one order, added up; null if some date is impossible. */
function spread(accounts: readonly string[][], order: DayMonthOrder): number | null {
  let total = 0;
  for (const dates of accounts) {
    const read = dates.map((raw) => readQifDate(raw, order));
    if (read.some((iso) => iso === null)) return null;
    total += daySpread(read as string[]);
  }
  return total;
}

/**
 * Decides the day/month order from every date of the file (grouped per account, in file order):
 * a first number above 12 proves day first, a second above 12 month first; when all are 12 or
 * less, the order in which consecutive rows lie closest together (statements list days, not
 * months, one after the other) if it is clearly closer; else month first (Quicken's own order),
 * or day first for dotted dates, as an assumption the caller warns about.
 */
export function decideQifOrder(accounts: readonly string[][]): OrderDecision {
  let dmy = 0;
  let mdy = 0;
  let numeric = 0;
  let dotted = 0;
  for (const dates of accounts) {
    for (const raw of dates) {
      const parts = qifDateParts(raw);
      if (parts?.kind !== "numeric") continue;
      numeric += 1;
      if (parts.separator === ".") dotted += 1;
      const asDmy = isoDate(parts.year, parts.second, parts.first) !== null;
      const asMdy = isoDate(parts.year, parts.first, parts.second) !== null;
      if (asDmy && !asMdy) dmy += 1;
      else if (asMdy && !asDmy) mdy += 1;
    }
  }
  if (numeric === 0) return { order: "mdy", reason: "none", conflicting: false };
  if (dmy > 0 || mdy > 0)
    return { order: dmy >= mdy ? "dmy" : "mdy", reason: "values", conflicting: dmy > 0 && mdy > 0 };
  const asDmy = spread(accounts, "dmy");
  const asMdy = spread(accounts, "mdy");
  if (asDmy !== null && asMdy !== null) {
    const closer = clearlyCloser<DayMonthOrder>({ value: "dmy", spread: asDmy }, { value: "mdy", spread: asMdy });
    if (closer) return { order: closer, reason: "sequence", conflicting: false };
  }
  return { order: dotted * 2 > numeric ? "dmy" : "mdy", reason: "assumed", conflicting: false };
}
