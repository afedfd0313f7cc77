/**
 * Dates printed without a year ("12/29", "29.12."), as card bills and some exports print them: a
 * person reads the year from the statement's month named above the table ("2024年01月", "January
 * 2024", "01.12.2023 - 31.12.2023"), a day after that month being the year before; without one,
 * from the day the file is read (no date lies in the future). Such cells are written out in full
 * (YYYY-MM-DD) before the table is looked for. Only in a file none of whose cells is a date with a
 * year: a year-less shape beside real dates is something else (an instalment "1/3").
 */
import { clearlyCloser, daySpread, isoDate, monthFromName } from "../dates";
import type { TableRecord } from "./cells";
import { looksLikeDate } from "./dates";

/** "12/29", "12-29", "29.12." (a dot needs the closing dot: "29.12" is an amount as often as a day). */
const YEARLESS = /^(\d{1,2})(?:([/-])(\d{1,2})|(\.)(\d{1,2})\.)$/;

interface Yearless {
  first: number;
  second: number;
  separator: string;
}

/** "4月30日" (JA Bank): month and day in Japanese and Chinese, always month first. */
const YEARLESS_CJK = /^(\d{1,2})\s*月\s*(\d{1,2})\s*日$/;

function yearless(cell: string): Yearless | null {
  const cjk = YEARLESS_CJK.exec(cell.trim());
  if (cjk) return { first: Number(cjk[1]), second: Number(cjk[2]), separator: "月" };
  const m = YEARLESS.exec(cell.trim());
  if (!m) return null;
  return m[2]
    ? { first: Number(m[1]), second: Number(m[3]), separator: m[2] }
    : { first: Number(m[1]), second: Number(m[5]), separator: "." };
}

/** Rows shaped like a table's (three cells or more): titles and notes above it are not counted. */
const tableLike = (record: TableRecord) => record.cells.filter((cell) => cell.trim() !== "").length >= 3;

/** The columns most of whose filled cells (twice the others, two at least) are year-less dates. */
function yearlessColumns(records: readonly TableRecord[]): number[] {
  const counts = new Map<number, { dates: number; others: number }>();
  for (const record of records) {
    if (!tableLike(record)) continue;
    record.cells.forEach((cell, index) => {
      if (cell.trim() === "" || record.typed?.[index]) return;
      const count = counts.get(index) ?? { dates: 0, others: 0 };
      if (yearless(cell)) count.dates++;
      else count.others++;
      counts.set(index, count);
    });
  }
  return [...counts].filter(([, c]) => c.dates >= 2 && c.dates >= 2 * c.others).map(([index]) => index);
}

interface YearMonth {
  year: number;
  month: number;
}

const later = (a: YearMonth | null, b: YearMonth) =>
  !a || b.year > a.year || (b.year === a.year && b.month > a.month) ? b : a;
const plausible = ({ year, month }: YearMonth) => year >= 1990 && year <= 2100 && month >= 1 && month <= 12;

/** The latest year and month the text names: the statement's month or the end of its period. */
function statementMonth(text: string): YearMonth | null {
  let found: YearMonth | null = null;
  const consider = (year: number, month: number | null) => {
    if (month !== null && plausible({ year, month })) found = later(found, { year, month });
  };
  for (const m of text.matchAll(/(\d{4})\s*年\s*(\d{1,2})\s*月/g)) consider(Number(m[1]), Number(m[2]));
  for (const m of text.matchAll(/(?<!\d)(\d{4})[-/.](\d{1,2})(?![\d])/g)) consider(Number(m[1]), Number(m[2]));
  for (const m of text.matchAll(/(?<![\d./-])(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?!\d)/g)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    // Day first when the first cannot be a month or the dots say so; month first when the second cannot.
    consider(Number(m[3]), a > 12 ? b : b > 12 ? a : m[0].includes(".") ? b : null);
  }
  for (const m of text.matchAll(/(?<![\d./-])(\d{1,2})[./](\d{4})(?!\d)/g)) consider(Number(m[2]), Number(m[1]));
  for (const m of text.matchAll(/([\p{L}]{3,12})\.?\s+(\d{4})(?!\d)/gu)) consider(Number(m[2]), monthFromName(m[1]!));
  return found;
}

/** The year of a month and day: the statement's year up to its month, the year before after it. */
function yearOf(month: number, day: number, reference: { year: number; month: number; day: number }): number {
  const after = month > reference.month || (month === reference.month && day > reference.day);
  return after ? reference.year - 1 : reference.year;
}

/**
 * The records with their year-less date cells written out in full, and a warning saying from what
 * the year was taken; the records as they are when the file has none (or dates with a year).
 * `today` (YYYY-MM-DD) stands in when nothing above the table names the statement's month.
 */
export function withYearsCompleted(
  records: readonly TableRecord[],
  today: string,
): { records: readonly TableRecord[]; warning: string | null } {
  const unchanged = { records, warning: null };
  // A table with whole dates keeps its cells. Asked first: most files answer it on their first data
  // row, where finding the yearless columns reads every cell of the file.
  const hasDates = (record: TableRecord) =>
    record.typed?.some((cell) => cell?.day) === true || record.cells.some(looksLikeDate);
  if (records.some((record) => tableLike(record) && hasDates(record))) return unchanged;
  const columns = yearlessColumns(records);
  if (columns.length === 0) return unchanged;
  const firstRow = records.findIndex(
    (record) => tableLike(record) && columns.some((i) => yearless(record.cells[i] ?? "")),
  );
  const above = records
    .slice(0, Math.max(firstRow, 0))
    .flatMap((record) => record.cells)
    .join(" ");
  const named = statementMonth(above);
  const [todayYear, todayMonth, todayDay] = today.split("-").map(Number) as [number, number, number];
  // A statement's month: any of its days; today: no later day than today.
  const reference = named ? { ...named, day: 31 } : { year: todayYear, month: todayMonth, day: todayDay };

  const cells = columns.flatMap((i) => records.flatMap((record) => yearless(record.cells[i] ?? "") ?? []));
  const read = (parts: Yearless, order: "dmy" | "mdy") => {
    const [month, day] = order === "dmy" ? [parts.second, parts.first] : [parts.first, parts.second];
    return isoDate(yearOf(month, day, reference), month, day);
  };
  const fits = (order: "dmy" | "mdy") => cells.every((parts) => read(parts, order) !== null);
  const spread = (order: "dmy" | "mdy") => daySpread(cells.map((parts) => read(parts, order) ?? ""));
  const [dmy, mdy] = [fits("dmy"), fits("mdy")];
  if (!dmy && !mdy) return unchanged;
  const order = cells.some((parts) => parts.separator === "月")
    ? "mdy"
    : dmy && mdy
      ? (clearlyCloser(
          { value: "dmy" as const, spread: spread("dmy") },
          { value: "mdy" as const, spread: spread("mdy") },
        ) ?? (cells[0]?.separator === "." ? "dmy" : "mdy"))
      : dmy
        ? "dmy"
        : "mdy";

  let example: string | null = null;
  const completed = records.map((record) => {
    if (!tableLike(record) || !columns.some((i) => yearless(record.cells[i] ?? ""))) return record;
    const next = record.cells.map((cell, i) => {
      const parts = columns.includes(i) ? yearless(cell) : null;
      const iso = parts ? read(parts, order) : null;
      if (iso) example ??= `${cell.trim()} as ${iso}`;
      return iso ?? cell;
    });
    return { ...record, cells: next };
  });
  const from = named
    ? `the statement month ${named.year}-${String(named.month).padStart(2, "0")} named above the table`
    : `the day the file was read (${today}), no date being later`;
  return {
    records: completed,
    warning: `The dates carry no year; it was taken from ${from} (${example ?? ""})`,
  };
}

/** Today in UTC, YYYY-MM-DD: the default day a file is read on. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
