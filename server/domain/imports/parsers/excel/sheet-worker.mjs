// Runs in a worker thread only: sheetjs-style predates the fixes for published advisories on
// untrusted input (prototype pollution, ReDoS), so it never runs in the server's main thread.
// It turns a workbook into cell strings per sheet and nothing more; run-worker.ts sets the limits.
// Plain JavaScript so that Next.js can start it from disk at run time (no build step).
import { parentPort, workerData } from "node:worker_threads";
import { inflateRawSync } from "node:zlib";
import XLSX from "sheetjs-style";

/** @typedef {{ name: string, method: number, compressedSize: number, uncompressedSize: number, localHeaderOffset: number }} ZipEntry */

const { bytes, zipEntries, maxRows, maxCells, testHang } = workerData;

try {
  if (testHang) for (;;);
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (zipEntries) verifyZipEntries(data, zipEntries);
  const workbook = XLSX.read(data, {
    type: "buffer",
    cellDates: false, // dates stay serials: sheetjs 0.15 shifts Date objects by the local timezone
    cellNF: true, // keeps each cell's number format, to tell date serials from other numbers
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
    sheetRows: maxRows + 1,
  });
  const hidden = new Map((workbook.Workbook?.Sheets ?? []).map((sheet) => [sheet.name, Boolean(sheet.Hidden)]));
  const sheets = workbook.SheetNames.map((name) => readSheet(name, workbook.Sheets[name], hidden.get(name) ?? false));
  parentPort.postMessage({ ok: true, date1904: Boolean(workbook.Workbook?.WBProps?.date1904), sheets });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error?.message ?? error) });
}

/**
 * The central directory's sizes were checked in the main thread; here each part is inflated with
 * a hard output cap, so a directory that under-states a part's size cannot get past the check.
 * @param {Buffer} data
 * @param {ZipEntry[]} entries
 */
function verifyZipEntries(data, entries) {
  for (const entry of entries) {
    if (entry.method !== 8 || entry.compressedSize === 0) continue;
    const at = entry.localHeaderOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw new Error("ZIP_DAMAGED");
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    if (start + entry.compressedSize > data.length) throw new Error("ZIP_DAMAGED");
    try {
      inflateRawSync(data.subarray(start, start + entry.compressedSize), {
        maxOutputLength: Math.max(entry.uncompressedSize, 1),
      });
    } catch (error) {
      if (error?.code === "ERR_BUFFER_TOO_LARGE") throw new Error("ZIP_SIZE_MISMATCH");
      throw new Error("ZIP_DAMAGED");
    }
  }
}

/** Dense rows over the box of non-empty cells: texts, and one kind letter per cell (s n d). */
function readSheet(name, sheet, hidden) {
  const cells = [];
  let top = Infinity, left = Infinity, bottom = -1, right = -1;
  for (const address of Object.keys(sheet ?? {})) {
    if (address.startsWith("!")) continue;
    const cell = sheet[address];
    const text = cellText(cell);
    if (text === "") continue;
    const { r, c } = XLSX.utils.decode_cell(address);
    cells.push([r, c, text, cellKind(cell)]);
    top = Math.min(top, r); left = Math.min(left, c); bottom = Math.max(bottom, r); right = Math.max(right, c);
  }
  const truncated = Boolean(sheet?.["!fullref"]) && sheet["!fullref"] !== sheet["!ref"];
  if (cells.length === 0) return { name, hidden, truncated, top: 0, left: 0, texts: [], kinds: [] };
  if ((bottom - top + 1) * (right - left + 1) > maxCells) return { name, hidden, truncated, tooLarge: true };
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
  return { name, hidden, truncated, top, left, texts, kinds: kinds.map((row) => row.join("")) };
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
    default:
      return String(cell.v).trim() === "" ? "" : String(cell.v);
  }
}

function cellKind(cell) {
  if (cell.t !== "n") return "s";
  return cell.z && XLSX.SSF.is_date(cell.z) ? "d" : "n";
}
