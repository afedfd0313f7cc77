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

/** Two-digit years: 00-69 are 2000-2069, 70-99 are 1970-1999 (the POSIX strptime pivot). */
export function fullYear(twoDigitYear: number): number {
  return twoDigitYear < 70 ? 2000 + twoDigitYear : 1900 + twoDigitYear;
}

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  ["jan", "january", "januar", "janvier", "enero", "ene", "januari", "janv", "gen", "gennaio", "jänner", "jän"],
  ["feb", "february", "februar", "fevrier", "février", "febrero", "februari", "fev", "fév", "févr", "fevr"],
  ["mar", "march", "märz", "marz", "maerz", "mär", "mrt", "maart", "mars", "marzo"],
  ["apr", "april", "avril", "abril", "avr", "abr", "aprile"],
  ["may", "mai", "mei", "mayo", "maggio", "mag"],
  ["jun", "june", "juni", "juin", "junio", "giugno", "giu"],
  ["jul", "july", "juli", "juillet", "julio", "juil", "luglio", "lug"],
  ["aug", "august", "augustus", "août", "aout", "agosto", "ago"],
  ["sep", "sept", "september", "septembre", "septiembre", "settembre", "set"],
  ["oct", "october", "oktober", "okt", "octobre", "octubre", "ottobre", "ott"],
  ["nov", "november", "novembre", "noviembre"],
  ["dec", "december", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic", "dicembre"],
];

/** Month number (1-12) for an English, German, Dutch, French, Spanish or Italian month name or abbreviation, else null. */
export function monthFromName(name: string): number | null {
  const key = name.trim().toLowerCase().replace(/\.$/, "");
  const index = MONTH_NAMES.findIndex((names) => names.includes(key));
  return index >= 0 ? index + 1 : null;
}
