import Papa from "papaparse";
import XLSX from "sheetjs-style";

/**
 * A table written as a file a person opens in a spreadsheet: CSV (UTF-8, comma, RFC 4180 quoting)
 * or XLSX. Pure, so the server (GET .../transactions/export) and the browser (each report's
 * download) write the same bytes for the same table.
 */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** What a column holds: text (neutralised), a day (YYYY-MM-DD), or a decimal amount with its places. */
type ColumnKind = "text" | "day" | "amount";

export interface ExportColumn {
  /** The header cell. */
  name: string;
  kind: ColumnKind;
}

/** A cell: text, a day, a decimal string (an amount), a plain number, or empty. */
export type Cell = string | number | null;

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet shows as text: a value starting with =, +, -, @, a tab or a carriage return
 * (an imported description such as `=HYPERLINK(...)`) gets a leading apostrophe, so it is never
 * run as a formula. Amounts and days are written by the service and are not text.
 */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function textOf(cell: Cell, kind: ColumnKind): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  return kind === "text" ? neutralised(cell) : cell;
}

/** The table as CSV text: a header row, then one line per row, each ended by CRLF (as RFC 4180 writes it). */
export function csvText(columns: ExportColumn[], rows: Cell[][]): string {
  const text = Papa.unparse(
    {
      fields: columns.map((column) => neutralised(column.name)),
      data: rows.map((row) => columns.map((column, index) => textOf(row[index] ?? null, column.kind))),
    },
    { newline: "\r\n", quotes: false },
  );
  // Papa ends an empty table's header with a line break and a full one without: every line ends with one here.
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

const MS_PER_DAY = 86_400_000;
/** Day 0 of a spreadsheet's date serials (1899-12-30, so 1900-03-01 is 61 as in Excel). */
const SERIAL_EPOCH = Date.UTC(1899, 11, 30);

/** A day as a date serial (whole days since 1899-12-30), without a time zone in between. */
function daySerial(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return (Date.UTC(year, month - 1, date) - SERIAL_EPOCH) / MS_PER_DAY;
}

/** An amount's cell: a number when a spreadsheet holds it exactly (15 significant digits), else its text. */
function amountCell(value: string): XLSX.CellObject {
  const places = value.split(".")[1]?.length ?? 0;
  const number = Number(value);
  if (Number.isFinite(number) && number.toFixed(places) === value) {
    return { t: "n", v: number, z: places === 0 ? "0" : `0.${"0".repeat(places)}` };
  }
  return { t: "s", v: value };
}

function xlsxCell(cell: Cell, kind: ColumnKind): XLSX.CellObject | null {
  if (cell === null) return null;
  if (typeof cell === "number") return { t: "n", v: cell };
  if (kind === "day" && /^\d{4}-\d{2}-\d{2}$/.test(cell)) return { t: "n", v: daySerial(cell), z: "yyyy-mm-dd" };
  if (kind === "amount") return amountCell(cell);
  return { t: "s", v: textOf(cell, kind) };
}

/** The table as an XLSX workbook of one sheet: days as date cells, amounts as numbers with their places. */
export function xlsxBytes(sheetName: string, columns: ExportColumn[], rows: Cell[][]): Uint8Array {
  const sheet: XLSX.WorkSheet = {};
  columns.forEach((column, index) => {
    sheet[XLSX.utils.encode_cell({ r: 0, c: index })] = { t: "s", v: neutralised(column.name) };
  });
  rows.forEach((row, r) => {
    columns.forEach((column, c) => {
      const cell = xlsxCell(row[c] ?? null, column.kind);
      if (cell) sheet[XLSX.utils.encode_cell({ r: r + 1, c })] = cell;
    });
  });
  sheet["!ref"] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: Math.max(columns.length - 1, 0) },
  });
  sheet["!cols"] = columns.map((column) => ({ wch: column.kind === "text" ? 24 : 12 }));
  const book = XLSX.utils.book_new();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  XLSX.utils.book_append_sheet(book, sheet, sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}

/** The table in `format`: CSV as UTF-8 bytes, XLSX as a workbook. */
export function tableFile(
  format: ExportFormat,
  sheetName: string,
  columns: ExportColumn[],
  rows: Cell[][],
): Uint8Array {
  return format === "csv" ? new TextEncoder().encode(csvText(columns, rows)) : xlsxBytes(sheetName, columns, rows);
}

/** A file name of plain characters: the words given, the day, and the format's extension. */
export function exportFileName(words: string, day: string, format: ExportFormat): string {
  const stem = words
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
  return `${stem || "export"}-${day}.${format}`;
}
