// The worker's first pass over an XLSX, before sheetjs sees it (plain JavaScript, as sheet-worker.mjs).
// Each part is inflated in chunks that are dropped once read: never past the size the central
// directory declares (the main thread checked those sizes), and with its rows counted on the way,
// so a sheet of 600,000 rows is known for one after its first MAX_SHEET_ROWS, without its XML
// ever being held whole.
import { createInflateRaw } from "node:zlib";

const CHUNK_BYTES = 64 * 1024;

/**
 * A row element (`<row>`, `<row r="2">`, `<x:row/>`, any namespace prefix; not `<rowBreaks>`) or a
 * cell value (`<v>`, `<is>`): a row counts once a value appears in it, so the thousands of empty
 * rows a formatted sheet declares (`<row r="90000" ht="15"/>`) do not.
 */
const ROW_OR_VALUE_TAG = /<(?:[^\s<>/!?:]{1,32}:)?(row|v|is)[\s>/]/g;
/** The longest text ROW_OR_VALUE_TAG matches (1 + 33 + 3 + 1 characters) fits in the part of a chunk kept for the next. */
const CARRIED = 40;

/** A row start tag with `hidden="1"` (or "true"): a row a filter or a person hid, which Excel does not show. */
const HIDDEN_ROW = /<(?:[^\s<>/!?:]{1,32}:)?row\s[^<>]*?\bhidden\s*=\s*["'](?:1|true)["']/;
/** Enough of the text before a chunk to hold a whole row start tag (r, spans, s, ht, hidden, custom attributes). */
const HIDDEN_ROW_CONTEXT = 1024;

/** Counts the rows holding a value in a part's XML given in chunks of any size; a tag cut by a chunk boundary counts once. */
export class RowCounter {
  /** @param {number} maxRows */
  constructor(maxRows) {
    this.maxRows = maxRows;
    this.rows = 0;
    this.carried = "";
    /** The current row has been counted (or no row is open). */
    this.counted = true;
    /** A hidden row was seen: only sheetjs's style pass (cellStyles) says which. */
    this.hiddenRows = false;
    this.hiddenContext = "";
  }

  /**
   * Counts the tags that start before the last CARRIED characters, which wait for the next chunk.
   * @param {Uint8Array} chunk
   * @returns {boolean} true once the part has more than maxRows rows
   */
  add(chunk) {
    const text = this.carried + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1");
    const settled = Math.max(0, text.length - CARRIED);
    this.count(text, settled);
    if (!this.hiddenRows) {
      const probe = this.hiddenContext + text.slice(this.carried.length);
      this.hiddenRows = HIDDEN_ROW.test(probe);
      this.hiddenContext = probe.slice(-HIDDEN_ROW_CONTEXT);
    }
    this.carried = text.slice(settled);
    return this.rows > this.maxRows;
  }

  /** @returns {boolean} true when the part has more than maxRows rows */
  end() {
    this.count(this.carried, this.carried.length);
    this.carried = "";
    return this.rows > this.maxRows;
  }

  /** @param {string} text @param {number} before tags starting at or after it are left for later */
  count(text, before) {
    ROW_OR_VALUE_TAG.lastIndex = 0;
    for (
      let match = ROW_OR_VALUE_TAG.exec(text);
      match !== null && match.index < before;
      match = ROW_OR_VALUE_TAG.exec(text)
    ) {
      if (match[1] === "row") this.counted = false;
      else if (!this.counted) {
        this.rows += 1;
        this.counted = true;
      }
    }
  }
}

/** @typedef {{ name: string, method: number, compressedSize: number, uncompressedSize: number, localHeaderOffset: number }} ZipEntry */

/**
 * Reads every part of the ZIP once, in chunks. Answers the names of the parts with more than
 * `maxRows` rows (their reading stopped there), and sets `found.hiddenRows` when a part hides a
 * row; throws ZIP_SIZE_MISMATCH for a part that expands past its declared size, ZIP_DAMAGED for
 * one that cannot be read.
 * @param {Buffer} data
 * @param {ZipEntry[]} entries
 * @param {number} maxRows
 * @param {{ hiddenRows?: boolean }} [found]
 * @returns {Promise<string[]>}
 */
export async function scanZipParts(data, entries, maxRows, found = {}) {
  const overLong = [];
  for (const entry of entries) {
    if (entry.compressedSize === 0) continue;
    const counter = new RowCounter(maxRows);
    const bytes = partBytes(data, entry);
    const chunks =
      entry.method === 8 ? inflatedChunks(bytes, Math.max(entry.uncompressedSize, 1)) : storedChunks(bytes);
    let over = false;
    for await (const chunk of chunks) {
      over = counter.add(chunk);
      if (over) break;
    }
    if (over || counter.end()) overLong.push(entry.name);
    if (counter.hiddenRows) found.hiddenRows = true;
  }
  return overLong;
}

/**
 * @param {Buffer} data
 * @param {ZipEntry} entry
 */
function partBytes(data, entry) {
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw new Error("ZIP_DAMAGED");
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressedSize > data.length) throw new Error("ZIP_DAMAGED");
  return data.subarray(start, start + entry.compressedSize);
}

/**
 * @param {Buffer} compressed
 * @param {number} maxBytes
 */
async function* inflatedChunks(compressed, maxBytes) {
  const inflater = createInflateRaw({ chunkSize: CHUNK_BYTES });
  inflater.end(compressed);
  let size = 0;
  try {
    for await (const chunk of inflater) {
      size += chunk.length;
      if (size > maxBytes) throw new Error("ZIP_SIZE_MISMATCH");
      yield chunk;
    }
  } catch (error) {
    throw new Error(error?.message === "ZIP_SIZE_MISMATCH" ? "ZIP_SIZE_MISMATCH" : "ZIP_DAMAGED", { cause: error });
  } finally {
    inflater.destroy();
  }
}

/** @param {Buffer} bytes */
function* storedChunks(bytes) {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}
