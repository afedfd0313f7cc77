/**
 * A tool result's text part: what a model reads when its host passes it the text and not the
 * structuredContent. A list's rows as a table, one header line and one line per row, instead of
 * JSON that repeats every field name on every row (list_categories: 58 KB as the JSON twice);
 * nothing is left out, and a program reads the structuredContent. Anything else is its compact JSON.
 *
 * The table: tab-separated, a column per field of the rows, an object field's own fields as
 * `field.name` columns (one level; deeper values as JSON in the cell). A string cell is the string
 * (as JSON only when it holds a tab or line break, has spaces at either end, is empty, or starts
 * with a quote, bracket or brace); null is an empty cell; numbers, booleans, arrays and objects are JSON.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (value: unknown): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The rows' columns in the order first met: `id`, `attributes.name`, ... */
function columnsOf(rows: Array<Record<string, Json>>): string[] {
  const columns = new Set<string>();
  for (const row of rows)
    for (const [key, value] of Object.entries(row)) {
      if (isRecord(value) && Object.keys(value).length > 0)
        for (const inner of Object.keys(value)) columns.add(`${key}.${inner}`);
      else columns.add(key);
    }
  return [...columns];
}

function valueAt(row: Record<string, Json>, column: string): Json | undefined {
  if (column in row) return row[column];
  const dot = column.indexOf(".");
  const outer = row[column.slice(0, dot)];
  return isRecord(outer) ? outer[column.slice(dot + 1)] : undefined;
}

/** A string written as it is: no tab or line break, no space at either end, not starting like JSON text. */
const PLAIN = /^[^\t\n\r"[{\s](?:[^\t\n\r]*[^\t\n\r\s])?$/;

function cell(value: Json | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && PLAIN.test(value)) return value;
  return JSON.stringify(value);
}

/** The rows as a table: the header line, then a line per row. */
function table(rows: Array<Record<string, Json>>): string {
  const columns = columnsOf(rows);
  return [
    columns.join("\t"),
    ...rows.map((row) => columns.map((column) => cell(valueAt(row, column))).join("\t")),
  ].join("\n");
}

/** The largest array of objects among the answer's top-level fields: the list it answers. */
function listField(answer: Record<string, Json>): string | null {
  let best: string | null = null;
  for (const [key, value] of Object.entries(answer))
    if (Array.isArray(value) && value.length > 0 && value.every(isRecord))
      if (best === null || value.length > (answer[best] as Json[]).length) best = key;
  return best;
}

export function resultText(answer: Record<string, unknown>): string {
  const record = answer as Record<string, Json>;
  const list = listField(record);
  if (list === null) return JSON.stringify(answer);
  const rows = record[list] as Array<Record<string, Json>>;
  const rest = Object.entries(record).filter(([key]) => key !== list);
  return [
    `${list}: ${rows.length} ${rows.length === 1 ? "row" : "rows"}, tab-separated (empty: null; quoted or bracketed: JSON)`,
    table(rows),
    ...rest.map(([key, value]) => `${key}: ${JSON.stringify(value)}`),
  ].join("\n");
}
