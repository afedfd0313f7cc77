/**
 * Date formats a person names in `parse_options.date_format` ("DD.MM.YYYY", "MM/DD/YY",
 * "YYYYMMDD", "D MMM YYYY"), read strictly, and the format the importer detected, written the same
 * way so that a client can send it back.
 */
import { fullYear, isoDate, monthFromName } from "../dates";
import type { DayMonthOrder } from "./dates";

/** The tokens of a date format, longest first so that "MMM" is not read as "MM" and "M". */
export const DATE_FORMAT_TOKEN = /YYYY|YY|MMM|MM|M|DD|D/g;

const TOKEN_PATTERN: Record<string, string> = {
  YYYY: "(\\d{4})",
  YY: "(\\d{2})",
  MMM: "(\\p{L}{3,12})\\.?",
  MM: "(\\d{1,2})",
  M: "(\\d{1,2})",
  DD: "(\\d{1,2})",
  D: "(\\d{1,2})",
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A reader for cells in the given format: the date at the start of the cell (a time may follow), else null. */
export function dateFormatReader(format: string): (cell: string) => string | null {
  const tokens: string[] = [];
  let pattern = "^";
  let last = 0;
  for (const match of format.matchAll(DATE_FORMAT_TOKEN)) {
    pattern += escape(format.slice(last, match.index));
    pattern += TOKEN_PATTERN[match[0]] ?? "";
    tokens.push(match[0]);
    last = (match.index ?? 0) + match[0].length;
  }
  // A dot may close a date ("2019.04.19."), and a time may follow it.
  pattern += `${escape(format.slice(last))}\\.?(?=$|[\\sT,])`;
  const regex = new RegExp(pattern, "u");
  return (cell) => {
    const found = regex.exec(cell.trim());
    if (!found) return null;
    let year = 0;
    let month = 0;
    let day = 0;
    tokens.forEach((token, i) => {
      const value = found[i + 1] ?? "";
      if (token === "YYYY") year = Number(value);
      else if (token === "YY") year = fullYear(Number(value));
      else if (token === "MMM") month = monthFromName(value) ?? 0;
      else if (token.startsWith("M")) month = Number(value);
      else day = Number(value);
    });
    return isoDate(year, month, day);
  };
}

/** The format of a date cell as the importer read it (with the column's day/month order), or null for no date. */
export function describeDateFormat(cell: string, order: DayMonthOrder): string | null {
  const text = cell.trim();
  let m = /^(\d{4})([-./])\d{1,2}\2\d{1,2}/.exec(text);
  if (m) return `YYYY${m[2]}MM${m[2]}DD`;
  if (/^\d{8}(?:$|[\sT])/.test(text)) return "YYYYMMDD";
  m = /^\d{1,2}([-./])\d{1,2}\1(\d{4}|\d{2})/.exec(text);
  if (m) {
    const year = m[2]?.length === 2 ? "YY" : "YYYY";
    const [first, second] = order === "dmy" ? ["DD", "MM"] : ["MM", "DD"];
    return `${first}${m[1]}${second}${m[1]}${year}`;
  }
  m = /^\d{1,2}([-.\s/]+)\p{L}{3,12}\.?([-.\s/,]+)(\d{4}|\d{2})/u.exec(text);
  if (m) return `DD${m[1]}MMM${m[2]}${m[3]?.length === 2 ? "YY" : "YYYY"}`;
  m = /^\p{L}{3,12}\.?(\s+)\d{1,2}(,?\s+)\d{4}/u.exec(text);
  if (m) return `MMM${m[1]}DD${m[2]}YYYY`;
  return null;
}
