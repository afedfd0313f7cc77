import { fullYear, isoDate } from "../dates";

/** "YYMMDD" -> "YYYY-MM-DD" (00-69 -> 20xx, 70-99 -> 19xx); null when it is not a real day. */
export function mt940Day(text: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  return isoDate(fullYear(Number(match[1])), Number(match[2]), Number(match[3]));
}

/** Days since 1970-01-01 of a "YYYY-MM-DD" day. */
function dayNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
}

/**
 * The :61: entry date "MMDD" has no year: it takes the year that puts it nearest the value date,
 * so value date 231231 with entry date 0102 is 2024-01-02, and value 240102 with entry 1229 is
 * 2023-12-29 (of two as near, the earlier). Null when MMDD is no day in any of those years.
 */
export function entryDay(valueDay: string, mmdd: string): string | null {
  const year = Number(valueDay.slice(0, 4));
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  const target = dayNumber(valueDay);
  let nearest: string | null = null;
  let distance = Infinity;
  for (const candidate of [year - 1, year, year + 1]) {
    const iso = isoDate(candidate, month, day);
    if (iso === null) continue;
    const apart = Math.abs(dayNumber(iso) - target);
    if (apart < distance) [nearest, distance] = [iso, apart];
  }
  return nearest;
}
