/**
 * Test helpers: a statement file with its header row rewritten (names replaced by "Column 1..N",
 * or the same names shuffled among the columns), to prove that columns are read by their content.
 */
import { createRequire } from "node:module";
import Papa from "papaparse";
import { decodeCsvBytes } from "../parsers/csv/encoding";
import { detectDelimiter, normaliseLineEndings, readRecords } from "../parsers/csv/dialect";
import { findTable } from "../parsers/csv/table";
import type { ParsedFile } from "../parsers/types";

// Writing our own test data is safe in the main thread; only untrusted input goes to the worker.
const XLSX = createRequire(import.meta.url)("sheetjs-style") as typeof import("sheetjs-style");

export type HeaderRewrite = (names: string[]) => string[];

export const numberedHeader: HeaderRewrite = (names) => names.map((_, i) => `Column ${i + 1}`);

/** The names moved among the columns by a fixed permutation that leaves no filled name in place when it can. */
export const shuffledHeader: HeaderRewrite = (names) => {
  const filled = names.map((n, i) => ({ n, i })).filter(({ n }) => n.trim() !== "");
  if (filled.length < 2) return names;
  const out = [...names];
  // Rotate the filled names by one place, then swap pairs: a derangement that mixes neighbours and distant columns.
  filled.forEach(({ i }, k) => {
    out[i] = filled[(k + 1) % filled.length]?.n ?? "";
  });
  return out;
};

/** A CSV file's text with its header row rewritten, as UTF-8 bytes; null when no header row is found. */
export function rewriteCsvHeader(bytes: Buffer, rewrite: HeaderRewrite): Buffer | null {
  const text = normaliseLineEndings(decodeCsvBytes(bytes).text);
  const delimiter = detectDelimiter(text);
  const records = readRecords(text, delimiter);
  const table = findTable(records);
  if (table.headerIndex === null) return null;
  const header = records[table.headerIndex];
  const next = records[table.headerIndex + 1];
  if (!header) return null;
  const lines = text.split("\n");
  const span = (next?.line ?? header.line + 1) - header.line;
  const cells = rewrite(header.cells.map((c) => c.trim()));
  const line = Papa.unparse([cells], { delimiter, newline: "\n", quotes: cells.map((c) => /[\s,;|"]/.test(c)) });
  lines.splice(header.line - 1, span, line);
  return Buffer.from(lines.join("\n"), "utf8");
}

/** The header row's cells (trimmed) of a CSV file's table, as the importer finds it; [] without one. */
export function csvHeaderCells(bytes: Buffer): string[] {
  const text = normaliseLineEndings(decodeCsvBytes(bytes).text);
  const records = readRecords(text, detectDelimiter(text));
  const table = findTable(records);
  return table.headerIndex === null ? [] : (records[table.headerIndex]?.cells ?? []).map((c) => c.trim());
}

/** The cells of a sheet's row (1-based, as Excel numbers rows), trimmed, from column A on. */
export function sheetRowCells(bytes: Buffer, sheetName: string, row: number): string[] {
  const book = XLSX.read(bytes, { type: "buffer" });
  const sheet = book.Sheets[sheetName];
  if (!sheet?.["!ref"]) return [];
  const range = XLSX.utils.decode_range(sheet["!ref"]);
  const cells: string[] = [];
  for (let c = 0; c <= range.e.c; c++) {
    const cell = sheet[XLSX.utils.encode_cell({ r: row - 1, c })] as { w?: string; v?: unknown } | undefined;
    cells.push(String(cell?.w ?? cell?.v ?? "").trim());
  }
  return cells;
}

/** An Excel workbook with the header row of each sheet that has one rewritten, written as .xlsx. */
export function rewriteExcelHeader(bytes: Buffer, rewrite: HeaderRewrite): Buffer | null {
  const book = XLSX.read(bytes, { type: "buffer", cellNF: true, cellStyles: true });
  let changed = false;
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (!sheet?.["!ref"]) continue;
    const range = XLSX.utils.decode_range(sheet["!ref"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, blankrows: true, defval: "" });
    const records = rows.map((row, r) => ({ cells: row.map((c) => String(c ?? "")), line: r + 1 }));
    const table = findTable(records);
    if (table.headerIndex === null) continue;
    const names = records[table.headerIndex]?.cells ?? [];
    const renamed = rewrite(names.map((n) => n.trim()));
    renamed.forEach((value, c) => {
      const address = XLSX.utils.encode_cell({ r: range.s.r + (table.headerIndex ?? 0), c: range.s.c + c });
      if ((names[c] ?? "").trim() === "") return;
      sheet[address] = { t: "s", v: value };
    });
    changed = true;
  }
  return changed ? (XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer) : null;
}

/** What a person checks first: each transaction's date and signed amount, in file order. */
export function readingOf(parsed: ParsedFile): string[] {
  return parsed.statements.flatMap((s) => s.transactions.map((t) => `${t.date} ${t.amount}`));
}

/** The first difference between two readings, for the report; null when they agree. */
export function firstDifference(expected: string[], actual: string[]): string | null {
  if (expected.length !== actual.length) return `${actual.length} rows instead of ${expected.length}`;
  const i = expected.findIndex((row, k) => row !== actual[k]);
  return i < 0 ? null : `row ${i + 1}: "${actual[i]}" instead of "${expected[i]}"`;
}
