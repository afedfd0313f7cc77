/**
 * Cheap checks on a spreadsheet's bytes in the main thread, before any parser sees them: what the
 * content is (XLSX zip, legacy BIFF in an OLE2 compound file, or text), and for a zip how much it
 * expands to, read from its central directory.
 */
import { StatementUnreadableError } from "../types";
import { NotASpreadsheetError } from "./errors";
import { markupWorkbook, type MarkupWorkbook } from "./markup";

export const DEFAULT_MAX_DECOMPRESSED_BYTES = 100 * 1024 * 1024;
/** Above this size, a whole-file expansion ratio beyond MAX_RATIO looks like a zip bomb. */
const RATIO_CHECK_FROM_BYTES = 8 * 1024 * 1024;
const MAX_RATIO = 250;
const MAX_ZIP_ENTRIES = 10_000;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type SpreadsheetContainer =
  | { fileType: "xlsx"; zipEntries: ZipEntry[]; uncompressedBytes: number }
  | { fileType: "xls"; zipEntries: null; uncompressedBytes: number; markup?: MarkupWorkbook };

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** An HTML table or SpreadsheetML is a workbook (its text decoded); throws NotASpreadsheetError for other text, StatementUnreadableError for anything else unusable. */
export function inspectSpreadsheetContainer(
  bytes: Buffer,
  maxDecompressedBytes = DEFAULT_MAX_DECOMPRESSED_BYTES,
): SpreadsheetContainer {
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, EMPTY_ZIP_MAGIC)) {
    const zipEntries = readZipDirectory(bytes);
    assertExcelZip(zipEntries);
    const uncompressedBytes = assertExpansionWithinLimits(zipEntries, bytes.length, maxDecompressedBytes);
    return { fileType: "xlsx", zipEntries, uncompressedBytes };
  }
  if (startsWith(bytes, OLE2_MAGIC)) {
    if (bytes.length > maxDecompressedBytes) throw tooLarge(maxDecompressedBytes);
    return { fileType: "xls", zipEntries: null, uncompressedBytes: bytes.length };
  }
  if (looksLikeText(bytes)) {
    const markup = markupWorkbook(bytes);
    if (markup) return { fileType: "xls", zipEntries: null, uncompressedBytes: bytes.length, markup };
    throw new NotASpreadsheetError();
  }
  throw new StatementUnreadableError("the file is not an Excel workbook (neither .xlsx nor .xls content)");
}

/** Reads the end-of-central-directory record (ZIP64 too) and every central directory entry. */
export function readZipDirectory(bytes: Buffer): ZipEntry[] {
  const eocd = findEndOfCentralDirectory(bytes);
  let count = bytes.readUInt16LE(eocd + 10);
  let size = bytes.readUInt32LE(eocd + 12);
  let offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== 0x07064b50) throw damaged();
    const zip64 = readU64(bytes, locator + 8);
    if (zip64 + 56 > bytes.length || bytes.readUInt32LE(zip64) !== 0x06064b50) throw damaged();
    count = readU64(bytes, zip64 + 32);
    size = readU64(bytes, zip64 + 40);
    offset = readU64(bytes, zip64 + 48);
  }
  if (count > MAX_ZIP_ENTRIES)
    throw new StatementUnreadableError(`the spreadsheet holds more than ${MAX_ZIP_ENTRIES} parts`);
  if (offset + size > bytes.length) throw damaged();

  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw damaged();
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > bytes.length) throw damaged();
    if (flags & 0x1) throw new StatementUnreadableError("the spreadsheet is encrypted");
    const entry: ZipEntry = {
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    applyZip64Extra(bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), entry);
    if (entry.method !== 0 && entry.method !== 8) {
      throw new StatementUnreadableError(
        `the spreadsheet uses an unsupported ZIP compression method (${entry.method})`,
      );
    }
    entries.push(entry);
    at = end;
  }
  return entries;
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === 0x06054b50) return at;
  }
  throw damaged();
}

/** ZIP64 "extended information" (id 1) holds the 64-bit values whose 32-bit fields are all ones. */
function applyZip64Extra(extra: Buffer, entry: ZipEntry): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw damaged();
        const value = readU64(extra, field);
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

function assertExcelZip(entries: ZipEntry[]): void {
  const names = new Set(entries.map((entry) => entry.name.toLowerCase()));
  if (names.has("xl/workbook.xml")) return;
  if (names.has("content.xml") && names.has("mimetype")) {
    throw new StatementUnreadableError("OpenDocument spreadsheets (.ods) are not supported: save the file as .xlsx");
  }
  if (names.has("xl/workbook.bin")) {
    throw new StatementUnreadableError("binary Excel workbooks (.xlsb) are not supported: save the file as .xlsx");
  }
  throw new StatementUnreadableError("the ZIP file is not an Excel workbook (no xl/workbook.xml)");
}

function assertExpansionWithinLimits(entries: ZipEntry[], fileBytes: number, maxBytes: number): number {
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > maxBytes) throw tooLarge(maxBytes);
  if (total > RATIO_CHECK_FROM_BYTES && total / Math.max(fileBytes, 1) > MAX_RATIO) {
    throw new StatementUnreadableError(
      `the spreadsheet expands ${Math.round(total / Math.max(fileBytes, 1))} times its size, which looks like a zip bomb`,
    );
  }
  return total;
}

/** No control bytes other than tab, CR, LF and form feed in the first 8 KiB; or a UTF-16 BOM. */
function looksLikeText(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  const end = Math.min(bytes.length, 8192);
  for (let i = 0; i < end; i++) {
    const byte = bytes[i]!;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

function startsWith(bytes: Buffer, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);
}

function readU64(bytes: Buffer, at: number): number {
  if (at < 0 || at + 8 > bytes.length) throw damaged();
  const value = bytes.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
  return bytes >= 1024 ? `${Math.round((bytes / 1024) * 10) / 10} KiB` : `${bytes} bytes`;
}

function tooLarge(maxBytes: number): StatementUnreadableError {
  return new StatementUnreadableError(`the spreadsheet expands to more than ${formatSize(maxBytes)}`);
}

function damaged(): StatementUnreadableError {
  return new StatementUnreadableError("the spreadsheet's ZIP structure is damaged");
}
