// Runs in a worker thread only: sheetjs-style predates the fixes for published advisories on
// untrusted input (prototype pollution, ReDoS), so it never runs in the server's main thread.
// It turns a workbook into cell strings per sheet and nothing more; run-worker.ts sets the limits.
// Plain JavaScript so that Next.js can start it from disk at run time (no build step).
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { decodeHTML } from "entities";
import XLSX from "sheetjs-style";
import { scanZipParts } from "./scan-parts.mjs";

/** The ZIP reader sheetjs itself uses in Node (lazy: a part is inflated when sheetjs asks for it). */
const JSZip = createRequire(import.meta.url)("sheetjs-style/jszip.js");

const { bytes, zipEntries, markup, maxRows, maxCells, testHang } = workerData;
/** sheetjs leaves an HTML cell's character references ("Transacci&#243;n", "D&eacute;bito") as written. */
const withEntities = markup?.kind === "html";

const READ_OPTIONS = {
  type: "buffer",
  cellDates: false, // dates stay serials: sheetjs 0.15 shifts Date objects by the local timezone
  cellNF: true, // keeps each cell's number format, to tell date serials from other numbers
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  sheetRows: maxRows + 1,
};

/** More tables than this on a page are not split into sheets (the page is read as sheetjs reads it). */
const MOST_TABLES = 100;

/** Put where an over-long sheet was: sheetjs's own mapping of parts to sheets then says which sheet it is. */
const OVER_LONG_MARKER = `over-long sheet ${randomUUID()}`;

try {
  if (testHang) for (;;);
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found = { hiddenRows: false };
  const overLong = zipEntries ? await scanZipParts(data, zipEntries, maxRows, found) : [];
  // sheetjs says which rows are hidden only while it reads every cell's style: asked for when a part hides one.
  const styled = found.hiddenRows ? { ...READ_OPTIONS, cellStyles: true } : READ_OPTIONS;
  // An XLSX part has at most maxRows rows with values once the first pass let it through: read to its
  // last one, wherever it sits. sheetRows would stop at row maxRows + 1 and drop a value below it.
  const options = zipEntries ? { ...styled, sheetRows: 0 } : styled;
  // XLSX.read takes bytes; parse_zip, what it calls for a ZIP, takes the archive with those parts replaced.
  const workbook = markup
    ? readMarkup(markup, options)
    : overLong.length > 0
      ? XLSX.parse_zip(withoutParts(data, overLong), options)
      : XLSX.read(data, options);
  const hidden = new Map((workbook.Workbook?.Sheets ?? []).map((sheet) => [sheet.name, Boolean(sheet.Hidden)]));
  const sheets = workbook.SheetNames.map((name) => readSheet(name, workbook.Sheets[name], hidden.get(name) ?? false));
  parentPort.postMessage({ ok: true, date1904: Boolean(workbook.Workbook?.WBProps?.date1904), sheets });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
}

/**
 * An HTML table or SpreadsheetML workbook from its decoded text (sheetjs would read a UTF-16 file's
 * bytes as Latin-1). An HTML cell's text is kept as written: sheetjs would otherwise read "01/12/15"
 * as a date in the American order, and the table reader tells the order from the whole column.
 * @param {{ kind: "html" | "spreadsheetml", text: string }} markup
 * @param {object} options
 */
function readMarkup(markup, options) {
  const read = (text) => XLSX.read(text, { ...options, type: "string", raw: markup.kind === "html" });
  const tables = markup.kind === "html" ? pageTables(markup.text) : [];
  if (tables.length < 2) return read(markup.text);
  // Each table of the page is a sheet of its own, innermost first: sheetjs reads only a page's first
  // table, and banks nest the statement's table in a layout table (Promerica's), after one of the
  // customer's details; a statement's table may itself hold small ones (a footer's totals).
  const workbook = XLSX.utils.book_new();
  tables.forEach((table, index) => {
    const one = read(`<html><body>${table}</body></html>`);
    const sheet = one.Sheets[one.SheetNames[0]];
    if (sheet) XLSX.utils.book_append_sheet(workbook, sheet, `Table ${index + 1}`);
  });
  return workbook;
}

/**
 * Every table of the page: those that hold no other table first, then those that do (a layout
 * table around a statement, or a statement holding a footer's small tables), each group in
 * document order. A closing tag without its opening one is ignored; a table never closed runs to
 * the end. Empty when there are more than MOST_TABLES.
 * @param {string} html
 * @returns {string[]}
 */
function pageTables(html) {
  const tags = /<(\/?)table\b[^>]*>/gi;
  /** @type {Array<{ start: number, holds: boolean }>} */
  const open = [];
  /** @type {Array<{ start: number, end: number, holds: boolean }>} */
  const found = [];
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (!match[1]) {
      if (open.length > 0) open[open.length - 1].holds = true;
      open.push({ start: match.index, holds: false });
      if (open.length + found.length > MOST_TABLES) return [];
      continue;
    }
    const table = open.pop();
    if (table) found.push({ ...table, end: match.index + match[0].length });
  }
  for (const table of open) found.push({ ...table, end: html.length });
  const inDocumentOrder = found.sort((a, b) => a.start - b.start);
  // A table that holds others is read without them (they are sheets of their own): each part of the
  // page is read once, however deep the layout tables nest.
  const withoutNested = ({ start, end }) => {
    let text = "";
    let from = start;
    for (const inner of inDocumentOrder) {
      if (inner.start <= from || inner.end > end) continue;
      text += html.slice(from, inner.start);
      from = inner.end;
    }
    return text + html.slice(from, end);
  };
  return [
    ...inDocumentOrder.filter((t) => !t.holds).map(({ start, end }) => html.slice(start, end)),
    ...inDocumentOrder.filter((t) => t.holds).map(withoutNested),
  ];
}

/**
 * The workbook with each over-long part replaced by a sheet of one marker cell: sheetjs never
 * inflates or parses the part, and the sheet that pointed to it comes back marked.
 * @param {Buffer} data
 * @param {string[]} parts
 */
function withoutParts(data, parts) {
  const zip = new JSZip(data);
  const marker = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${OVER_LONG_MARKER}</t></is></c></row></sheetData></worksheet>`;
  for (const part of parts) zip.file(part, marker);
  return zip;
}

/** Dense rows over the box of non-empty cells: texts, and one kind letter per cell (s n d). */
function readSheet(name, sheet, hidden) {
  if (sheet?.A1?.v === OVER_LONG_MARKER)
    return { name, hidden, truncated: true, tooLong: true, top: 0, left: 0, texts: [], kinds: [] };
  const rowProperties = sheet?.["!rows"] ?? [];
  const hiddenRows = new Set();
  const cells = [];
  let top = Infinity,
    left = Infinity,
    bottom = -1,
    right = -1;
  for (const address of Object.keys(sheet ?? {})) {
    if (address.startsWith("!")) continue;
    const cell = sheet[address];
    const text = cellText(cell);
    if (text === "") continue;
    const { r, c } = XLSX.utils.decode_cell(address);
    // A row Excel does not show (a filter left it out): what a person reads has none of it.
    if (rowProperties[r]?.hidden) {
      hiddenRows.add(r);
      continue;
    }
    cells.push([r, c, text, cellKind(cell)]);
    top = Math.min(top, r);
    left = Math.min(left, c);
    bottom = Math.max(bottom, r);
    right = Math.max(right, c);
  }
  // An XLSX sheet over the limit never gets here (the first pass replaced it with the marker), and its
  // declared dimension says nothing (Targobank's export declares A1:G1048576 for 22 rows). sheetjs
  // read an XLS (BIFF) sheet only up to sheetRows: its full range says whether the sheet goes on.
  const truncated = zipEntries ? false : Boolean(sheet?.["!fullref"]) && sheet["!fullref"] !== sheet["!ref"];
  const leftOut = [...hiddenRows];
  if (cells.length === 0)
    return { name, hidden, truncated, hiddenRows: leftOut, top: 0, left: 0, texts: [], kinds: [] };
  if ((bottom - top + 1) * (right - left + 1) > maxCells)
    return { name, hidden, truncated, hiddenRows: leftOut, tooLarge: true };
  const texts = [];
  const kinds = [];
  for (let r = top; r <= bottom; r++) {
    texts.push(new Array(right - left + 1).fill(""));
    kinds.push(new Array(right - left + 1).fill("s"));
  }
  for (const [r, c, text, kind] of cells) {
    texts[r - top][c - left] = text;
    kinds[r - top][c - left] = kind;
  }
  return { name, hidden, truncated, hiddenRows: leftOut, top, left, texts, kinds: kinds.map((row) => row.join("")) };
}

function cellText(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return "";
  switch (cell.t) {
    case "n":
      if (!Number.isFinite(cell.v)) return "";
      // Excel keeps 15 significant digits; more are binary noise (0.1 + 0.2).
      return Number.isInteger(cell.v) ? String(cell.v) : String(Number(cell.v.toPrecision(15)));
    case "b":
      return cell.v ? "TRUE" : "FALSE";
    case "e":
      return String(cell.w ?? "#ERROR");
    default: {
      const text = withEntities ? decodeHTML(String(cell.v)) : String(cell.v);
      return text.trim() === "" ? "" : text;
    }
  }
}

function cellKind(cell) {
  if (cell.t !== "n") return "s";
  return cell.z && XLSX.SSF.is_date(cell.z) ? "d" : "n";
}
