/**
 * Days typed the way the user's locale writes them ("23.11.2026" in de-DE, "11/23/2026" in en-US),
 * read into the API's "2026-11-23". The ISO form is always understood too (pasted, or typed by a
 * script); a two-digit year is 20yy. Nothing here goes through a timezone: a day is three numbers.
 */

import { isValidDay } from "@/server/domain/time/calendar";

export type DatePart = "day" | "month" | "year";

export interface DateEntryPattern {
  /** The parts in the locale's order: ["day", "month", "year"] in de-DE, ["month", "day", "year"] in en-US. */
  order: DatePart[];
  /** What the locale writes between them: ".", "/", "-". */
  separator: string;
}

const SAMPLE = Date.UTC(2026, 10, 23);

/** How `locale` writes a day with digits only. */
export function dateEntryPattern(locale: string): DateEntryPattern {
  const parts = new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
    numberingSystem: "latn",
  }).formatToParts(SAMPLE);
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DatePart => ["day", "month", "year"].includes(type));
  const separator = parts.find((part) => part.type === "literal")?.value.trim() || "/";
  return order.length === 3 ? { order, separator } : { order: ["year", "month", "day"], separator: "-" };
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** "2026-11-23" as the locale writes it ("23.11.2026"); anything else unchanged. */
export function writeDateEntry(iso: string, pattern: DateEntryPattern): string {
  const match = ISO.exec(iso);
  if (!match) return iso;
  const values: Record<DatePart, string> = {
    year: match[1]!,
    month: match[2]!.padStart(2, "0"),
    day: match[3]!.padStart(2, "0"),
  };
  return pattern.order.map((part) => values[part]).join(pattern.separator);
}

/** The day `text` means ("23.11.2026" -> "2026-11-23"), or null when it names no real day. */
export function readDateEntry(text: string, pattern: DateEntryPattern): string | null {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  const numbers = iso
    ? { year: iso[1]!, month: iso[2]!, day: iso[3]! }
    : (() => {
        const pieces = trimmed.split(/\s*[./\-\s]\s*/).filter(Boolean);
        if (pieces.length !== 3 || !pieces.every((piece) => /^\d+$/.test(piece))) return null;
        return Object.fromEntries(pattern.order.map((part, index) => [part, pieces[index]!])) as Record<
          DatePart,
          string
        >;
      })();
  if (!numbers) return null;
  if (!/^\d{1,2}$/.test(numbers.day) || !/^\d{1,2}$/.test(numbers.month) || !/^(\d{2}|\d{4})$/.test(numbers.year))
    return null;
  const year = numbers.year.length === 2 ? `20${numbers.year}` : numbers.year;
  const day = `${year}-${numbers.month.padStart(2, "0")}-${numbers.day.padStart(2, "0")}`;
  return Number(year) >= 1000 && isValidDay(day) ? day : null;
}

/** The pattern in words of the language, for the placeholder: "TT.MM.JJJJ", "MM/DD/YYYY". */
export function datePlaceholder(pattern: DateEntryPattern, letters: Record<DatePart, string>): string {
  return pattern.order.map((part) => letters[part]).join(pattern.separator);
}
