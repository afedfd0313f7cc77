/** Calendar helpers shared by the statement parsers: days are "YYYY-MM-DD" strings, never shifted by a timezone. */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the Gregorian calendar. */
function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** "YYYY-MM-DD" for a real calendar day (leap years included), else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const DAY_MS = 86_400_000;

/**
 * The sum of day gaps between consecutive dates, in the order given: a statement lists days one
 * after the other, so of two readings of the same cells the one whose rows lie closer together is
 * the one the bank wrote.
 */
export function daySpread(isoDates: readonly string[]): number {
  let total = 0;
  for (let i = 1; i < isoDates.length; i++) {
    total += Math.abs(Date.parse(`${isoDates[i]}T00:00:00Z`) - Date.parse(`${isoDates[i - 1]}T00:00:00Z`)) / DAY_MS;
  }
  return total;
}

/** Which of two spreads is clearly closer (at most half the other), else null. */
export function clearlyCloser<T>(a: { value: T; spread: number }, b: { value: T; spread: number }): T | null {
  if (a.spread * 2 < b.spread) return a.value;
  if (b.spread * 2 < a.spread) return b.value;
  return null;
}

/** Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999 (the POSIX strptime pivot). */
export function fullYear(twoDigitYear: number): number {
  return twoDigitYear < 70 ? 2000 + twoDigitYear : 1900 + twoDigitYear;
}

/**
 * The languages whose month names a date cell may carry: the Latin-script languages of the header
 * vocabulary (csv/header-vocabulary.ts), Portuguese, and the languages of banks whose exports print
 * the month's name ("01 octombrie 2020", ING Romania's; "15 Ekim 2020"; "15 октября 2020"; "15
 * Οκτωβρίου 2020"). Every form the platform's CLDR data knows is accepted: long, short, and the
 * genitive a date uses ("24. října", "3 października"), with and without diacritics. Not Croatian:
 * its "listopad" is October, the Polish and Czech November.
 */
const MONTH_LOCALES = [
  "en",
  "de",
  "nl",
  "fr",
  "es",
  "it",
  "pt",
  "cs",
  "sk",
  "pl",
  "hu",
  "sv",
  "da",
  "nb",
  "nn",
  "fi",
  "is",
  "ro",
  "tr",
  "et",
  "lv",
  "lt",
  "sr-Latn",
  "ru",
  "uk",
  "bg",
  "el",
];
/** Spellings banks print that CLDR does not list, by month. */
const MORE_MONTH_NAMES: ReadonlyArray<[string, number]> = [
  ["jänner", 1],
  ["jän", 1],
  ["fév", 2],
  ["maerz", 3],
];

const foldName = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\.$/, "");

function monthNames(): ReadonlyMap<string, number> {
  const names = new Map<string, number>(MORE_MONTH_NAMES);
  const shapes: Intl.DateTimeFormatOptions[] = [
    { month: "long" },
    { month: "short" },
    { day: "numeric", month: "long" },
    { day: "numeric", month: "short" },
  ];
  for (const locale of MONTH_LOCALES) {
    for (const shape of shapes) {
      const format = new Intl.DateTimeFormat(locale, { ...shape, timeZone: "UTC" });
      for (let month = 1; month <= 12; month++) {
        const name = format.formatToParts(Date.UTC(2024, month - 1, 15)).find((part) => part.type === "month")?.value;
        if (!name) continue;
        for (const key of [name.toLowerCase().replace(/\.$/, ""), foldName(name)]) {
          if (/^\p{L}{3,}$/u.test(key)) names.set(key, month);
        }
      }
    }
  }
  return names;
}

/** Built on the first month name read (about 50 ms of CLDR look-ups), not when the module loads. */
let monthNamesRead: ReadonlyMap<string, number> | null = null;

/** Month number (1-12) for a month name or abbreviation in one of MONTH_LOCALES' languages, else null. */
export function monthFromName(name: string): number | null {
  const key = name.trim().toLowerCase().replace(/\.$/, "");
  const names = (monthNamesRead ??= monthNames());
  return names.get(key) ?? names.get(foldName(key)) ?? null;
}
