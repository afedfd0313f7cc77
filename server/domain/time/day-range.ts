/**
 * The days the service names: a transaction's date, an opening balance, a report's or budget's
 * period, a goal's completion. Year 0000 is no day PostgreSQL stores, and a booking outside these
 * would be counted by no report. A plain module (no imports), so the dashboard's forms share it.
 */
export const FIRST_DAY = "1900-01-01";
export const LAST_DAY = "2199-12-31";

/** True for a `YYYY-MM-DD` day from FIRST_DAY to LAST_DAY. */
export function isWithinDayRange(day: string): boolean {
  return day >= FIRST_DAY && day <= LAST_DAY;
}

/** What a validation error says of a day outside the range. */
export const DAY_RANGE_MESSAGE = `must be a day from ${FIRST_DAY} to ${LAST_DAY}`;
