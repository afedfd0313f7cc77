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
}

export function buildWorkbook(sheets: TestSheet[], bookType: "xlsx" | "biff8" = "xlsx"): Buffer {
  const book = XLSX.utils.book_new();
  sheets.forEach((sheet, i) => {
    const ws = XLSX.utils.sheet_add_aoa({}, sheet.rows, { origin: sheet.origin ?? "A1" });
    for (const address of sheet.dateCells ?? []) {
      const cell = ws[address] as { z?: string } | undefined;
      if (cell) cell.z = "yyyy-mm-dd";
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
export function buildZip(entries: TestZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const compressed = deflateRawSync(entry.data);
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
