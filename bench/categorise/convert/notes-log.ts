/**
 * A spending log kept as a JavaScript array of `{Date: "August 29, 2018", Total: "-$363.33",
 * Category: "RENT || UTILS", Notes: "..."}` records (a person's own monthly-finances table) to corpus
 * rows: the note is the description, the category exactly as written (a row the person gave two
 * categories keeps both, "FOOD,TAKEOUT").
 *
 *   npx tsx bench/categorise/convert/notes-log.ts <js file> <corpus csv>
 */
import { readFileSync, writeFileSync } from "node:fs";
import { rowsToCsv, type LabelledRow } from "../corpus";

type LogRecord = { Date?: string; Total?: string; Category?: string; Notes?: string };

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** "September 1, 2018" -> "2018-09-01". */
function isoDate(text: string): string {
  const match = /^([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})$/.exec(text.trim());
  const month = match ? MONTHS.indexOf((match[1] ?? "").toLowerCase()) + 1 : 0;
  if (!match || month === 0) throw new Error(`cannot read the date ${text}`);
  return `${match[3]}-${String(month).padStart(2, "0")}-${(match[2] ?? "").padStart(2, "0")}`;
}

export function notesLogToRows(source: string): LabelledRow[] {
  const start = source.indexOf("[");
  const end = source.lastIndexOf("]");
  const records = JSON.parse(source.slice(start, end + 1)) as LogRecord[];
  return records
    .filter((r) => (r.Category ?? "").trim() !== "" && r.Date && r.Total)
    .map((r) => ({
      date: isoDate(r.Date ?? ""),
      description: (r.Notes ?? "").trim(),
      counterparty: "",
      amount: (r.Total ?? "").replace(/[$,\s]/g, ""),
      account: "",
      category: (r.Category ?? "").trim(),
    }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error("usage: notes-log.ts <js file> <corpus csv>");
  const rows = notesLogToRows(readFileSync(input, "utf8"));
  writeFileSync(output, rowsToCsv(rows));
  console.log(`${output}: ${rows.length} rows, ${new Set(rows.map((r) => r.category)).size} categories`);
}
