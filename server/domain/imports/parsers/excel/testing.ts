/** Test helpers: workbooks built in memory, and hand-made ZIP files for the size guards. */
import { createRequire } from "node:module";
import { deflateRawSync } from "node:zlib";

// Writing our own test data is safe in the main thread; only untrusted input goes to the worker.
const XLSX = createRequire(import.meta.url)("sheetjs-style") as typeof import("sheetjs-style");

export interface TestSheet {
  name?: string;
  rows: (string | number | null)[][];
  /** Where rows[0][0] goes, e.g. "C5". */
  origin?: string;
  /** Cells (addresses) to format as dates, e.g. ["C6"]. */
  dateCells?: string[];
  hidden?: boolean;
  /** Rows (0-based, in the sheet) Excel does not show, as a filter leaves them. */
  hiddenRows?: number[];
}

export function buildWorkbook(sheets: TestSheet[], bookType: "xlsx" | "biff8" = "xlsx"): Buffer {
  const book = XLSX.utils.book_new();
  sheets.forEach((sheet, i) => {
    const ws = XLSX.utils.sheet_add_aoa({}, sheet.rows, { origin: sheet.origin ?? "A1" });
    for (const address of sheet.dateCells ?? []) {
      const cell = ws[address] as { z?: string } | undefined;
      if (cell) cell.z = "yyyy-mm-dd";
    }
    if (sheet.hiddenRows) {
      const rows: Array<{ hidden?: boolean }> = [];
      for (const row of sheet.hiddenRows) rows[row] = { hidden: true };
      (ws as { "!rows"?: unknown })["!rows"] = rows;
    }
    XLSX.utils.book_append_sheet(book, ws, sheet.name ?? `Sheet${i + 1}`);
  });
  const hidden = sheets.map((sheet) => (sheet.hidden ? 1 : 0));
  if (hidden.some(Boolean)) {
    book.Workbook = { Sheets: book.SheetNames.map((name, i) => ({ name, Hidden: hidden[i] as 0 | 1 })) };
  }
  return XLSX.write(book, { type: "buffer", bookType }) as Buffer;
}

export interface TestZipEntry {
  name: string;
  data: Buffer;
  /** What the central directory says the entry expands to (default: the truth). */
  claimedSize?: number;
}

/** A deflated ZIP whose central directory may lie about sizes. CRCs are left at zero. */
export function buildZip(entries: TestZipEntry[], { level }: { level?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = deflateRawSync(entry.data, { level });
    const size = entry.claimedSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts an Excel ZIP must name; their content is irrelevant to the guards under test. */
export const MINIMAL_XLSX_PARTS: TestZipEntry[] = [
  { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
  { name: "xl/workbook.xml", data: Buffer.from("<workbook/>") },
];

export interface XmlSheet {
  name: string;
  /** The worksheet part as written, e.g. by longStatementSheet. */
  xml: Buffer;
  hidden?: boolean;
}

const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A workbook of hand-written sheet parts, with only the parts a reader needs to find them (no styles, no shared strings). */
export function buildXmlWorkbook(sheets: XmlSheet[], zip: { level?: number } = {}): Buffer {
  const entries = sheets.map((sheet, i) => ({ ...sheet, id: `rId${i + 1}`, part: `worksheets/sheet${i + 1}.xml` }));
  const workbook =
    `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELATIONSHIPS}"><sheets>` +
    entries
      .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ""} r:id="${s.id}"/>`)
      .join("") +
    "</sheets></workbook>";
  const relationships =
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    entries.map((s) => `<Relationship Id="${s.id}" Type="${RELATIONSHIPS}/worksheet" Target="${s.part}"/>`).join("") +
    "</Relationships>";
  const types =
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    entries
      .map(
        (s) =>
          `<Override PartName="/xl/${s.part}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join("") +
    "</Types>";
  return buildZip(
    [
      { name: "[Content_Types].xml", data: Buffer.from(types) },
      { name: "xl/workbook.xml", data: Buffer.from(workbook) },
      { name: "xl/_rels/workbook.xml.rels", data: Buffer.from(relationships) },
      ...entries.map((s) => ({ name: `xl/${s.part}`, data: s.xml })),
    ],
    zip,
  );
}

const SHOPS = ["Bakery", "Pharmacy", "Grocer", "Fuel", "Bookshop", "Cinema", "Hardware", "Cafe"];

/**
 * A statement sheet (Date, Description, Amount) of `rows` transactions with varied text, as Excel
 * writes it: 600,000 rows are about 100 MB of XML that deflate (level 9) to 8.4 MiB, the heaviest
 * upload the limits let through.
 */
export function longStatementSheet(rows: number): Buffer {
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  const text = (r: number, column: string, value: string) =>
    `<c r="${column}${r}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const parts = ['<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  parts.push(`<row r="1">${text(1, "A", "Date")}${text(1, "B", "Description")}${text(1, "C", "Amount")}</row>`);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const day = `2024-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`;
    const shop = SHOPS[Math.floor(random() * SHOPS.length)]!;
    const amount = (Math.floor(random() * 16) - 10).toFixed(2);
    parts.push(
      `<row r="${r}">${text(r, "A", day)}${text(r, "B", `${shop} ${Math.floor(random() * 4)}`)}<c r="C${r}"><v>${amount}</v></c></row>`,
    );
  }
  parts.push("</sheetData></worksheet>");
  return Buffer.from(parts.join(""));
}
