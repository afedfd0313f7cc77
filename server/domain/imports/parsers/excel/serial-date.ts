/** Excel stores days as serial numbers; these turn them into YYYY-MM-DD (no timezone involved). */

const DAY_MS = 86_400_000;
/** Serial 1 is 1900-01-01, and Excel counts a 29 February 1900 that never was (serial 60). */
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);
/** Bank statements live between these years; a number outside is not a date serial. */
const MIN_PLAUSIBLE_SERIAL = 18_264; // 1950-01-01
const MAX_PLAUSIBLE_SERIAL = 73_051; // 2100-01-01

/** The day of a serial (any time of day is dropped), or null when it names no real day. */
export function excelSerialToIsoDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return null;
  // A time a hair before midnight stored as 0.99999999 still belongs to the next day.
  let day = Math.floor(serial + 1e-8);
  if (date1904) return isoDay(EPOCH_1904_MS + day * DAY_MS);
  if (day === 60) return null;
  if (day < 60) day += 1;
  return isoDay(EPOCH_1900_MS + day * DAY_MS);
}

/** True when a plain number in a date column is likely a serial (1950-2099 in the 1900 system). */
export function isPlausibleDateSerial(value: number): boolean {
  return value >= MIN_PLAUSIBLE_SERIAL && value < MAX_PLAUSIBLE_SERIAL;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
