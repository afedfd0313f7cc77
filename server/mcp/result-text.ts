/**
 * A tool result's text part: what a model reads when its host passes it the text and not the
 * structuredContent. The answer's list (the largest array of objects, at the top or a few levels
 * down: an import's preview) as a table, one header line and one line per row, instead of JSON
 * that repeats every field name on every row (list_categories: 58 KB as the JSON twice), then the
 * rest of the answer as JSON; a table over the text's budget is cut and says so. A program reads
 * the structuredContent, which has everything. An answer without a list is its compact JSON.
 *
 * The table: tab-separated, a column per field of the rows, an object field's own fields as
 * `field.name` columns (one level; deeper values as JSON in the cell). A string cell is the string
 * (as JSON only when it holds a tab or line break, has spaces at either end, is empty, starts with
 * a quote, bracket or brace, or reads as a number, true, false or null); null, and a field the row
 * lacks, is an empty cell; numbers, booleans, arrays and objects are JSON.
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
/** A string that would read as a number, true, false or null: quoted, so "12.50" and 12.5 stay apart. */
const JSON_LITERAL = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)$/;

function cell(value: Json | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" && PLAIN.test(value) && !JSON_LITERAL.test(value)) return value;
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

/** How deep a list may sit in an answer (`data.attributes.preview` of an import). */
const LIST_DEPTH = 3;

/**
 * The text's budget: about 20k tokens, under the 25k a host such as Claude Code passes on. A table
 * longer than this shows its first rows and says how many it left out; the structuredContent keeps all.
 */
export const TEXT_BUDGET = 80_000;

/**
 * The path of the largest array of objects in the answer (by its JSON's length, so the rest of the
 * answer is the smaller part), within LIST_DEPTH levels: the list it answers.
 */
function listPath(answer: Record<string, Json>): string[] | null {
  let best: { path: string[]; length: number } | null = null;
  const visit = (node: Record<string, Json>, path: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
        const length = JSON.stringify(value).length;
        if (!best || length > best.length) best = { path: [...path, key], length };
      } else if (isRecord(value) && path.length + 1 < LIST_DEPTH) visit(value, [...path, key]);
    }
  };
  visit(answer, []);
  return (best as { path: string[] } | null)?.path ?? null;
}

/** The answer without the list at `path` (its rows are the table). */
function withoutList(answer: Record<string, Json>, path: string[]): Record<string, Json> {
  const [key, ...rest] = path;
  const copy = { ...answer };
  if (rest.length === 0) delete copy[key!];
  else copy[key!] = withoutList(answer[key!] as Record<string, Json>, rest);
  return copy;
}

/** The first rows' lines that fit the budget. */
function linesWithin(lines: string[], budget: number): string[] {
  let used = 0;
  let kept = 0;
  while (kept < lines.length && used + lines[kept]!.length + 1 <= budget) used += lines[kept++]!.length + 1;
  return lines.slice(0, kept);
}

export function resultText(answer: Record<string, unknown>): string {
  const record = answer as Record<string, Json>;
  const path = listPath(record);
  if (path === null) return JSON.stringify(answer);
  let node: Json = record;
  for (const key of path) node = (node as Record<string, Json>)[key]!;
  const rows = node as Array<Record<string, Json>>;
  const name = path.join(".");
  const restJson = JSON.stringify(withoutList(record, path));
  // The rest is the smaller part; a rest over half the budget is cut too (its end said so).
  const rest =
    restJson.length <= TEXT_BUDGET / 2
      ? `the rest: ${restJson}`
      : `the rest (cut after ${TEXT_BUDGET / 2} of its ${restJson.length} characters): ${restJson.slice(0, TEXT_BUDGET / 2)}`;
  const [header, ...lines] = table(rows).split("\n");
  const room = TEXT_BUDGET - rest.length - header!.length - 400;
  const shown = linesWithin(lines, Math.max(0, room));
  const cut =
    shown.length < rows.length
      ? [
          `(cut: the first ${shown.length} of ${rows.length} rows, to keep this text under about 20k tokens; ` +
            "the structuredContent holds them all; ask for fewer per page, or the next page, to read the rest)",
        ]
      : [];
  return [
    `${name}: ${rows.length} ${rows.length === 1 ? "row" : "rows"}, tab-separated (empty: null; quoted or bracketed: JSON)`,
    header!,
    ...shown,
    ...cut,
    rest,
  ].join("\n");
}
