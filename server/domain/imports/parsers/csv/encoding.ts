/**
 * Turns a text file's bytes into text: BOMs, UTF-32 and UTF-16 with or without BOM, UTF-8, and the
 * single-byte code pages banks still export, chosen by chardet's letter statistics and our own
 * plausibility checks; or decodes with the encoding the person named.
 */
import { analyse } from "chardet";
import { isUtf8 as isValidUtf8 } from "node:buffer";
import iconv from "iconv-lite";
import { StatementUnreadableError } from "../types";
import { plausibility } from "./text-plausibility";

export interface DecodedText {
  text: string;
  /** The canonical name of the encoding used ("utf-8", "windows-1251", "cp850"...). */
  encoding: string;
}

const BINARY_SIGNATURES: ReadonlyArray<{ bytes: number[]; what: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP/XLSX archive" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: "a legacy Excel/OLE document" },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
];

/** Longest first: the UTF-32 LE BOM starts with the UTF-16 LE one. */
const BOMS: ReadonlyArray<{ bytes: number[]; encoding: string }> = [
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: "utf-32le" },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: "utf-32be" },
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];

/** Labels the WHATWG Encoding Standard (and so TextDecoder) lacks, decoded with iconv-lite. */
const ICONV_LABELS: Readonly<Record<string, string>> = {
  cp850: "cp850",
  ibm850: "cp850",
  "850": "cp850",
  cspc850multilingual: "cp850",
  cp437: "cp437",
  ibm437: "cp437",
  "437": "cp437",
  cspc8codepage437: "cp437",
  "utf-32": "utf-32le",
  utf32: "utf-32le",
  "utf-32le": "utf-32le",
  utf32le: "utf-32le",
  "utf-32be": "utf-32be",
  utf32be: "utf-32be",
};
const ICONV_ENCODINGS = new Set(Object.values(ICONV_LABELS));

/**
 * The single-byte code pages detection chooses from, most common first (a tie keeps the earlier).
 * ISO-8859-1 is Windows-1252 without its 0x80-0x9F printables, so it is read (and named) as that.
 */
const CODE_PAGES: ReadonlyArray<{ encoding: string; prior: number }> = [
  { encoding: "windows-1252", prior: 0 },
  { encoding: "windows-1250", prior: -0.5 },
  { encoding: "iso-8859-2", prior: -1 },
  { encoding: "windows-1251", prior: -0.5 },
  { encoding: "windows-1257", prior: -1 },
  { encoding: "iso-8859-15", prior: -1 },
  { encoding: "koi8-r", prior: -1 },
  { encoding: "iso-8859-5", prior: -1.5 },
  { encoding: "cp850", prior: -1.5 },
  { encoding: "cp437", prior: -2 },
];

/** chardet's names for the code pages above; it has no model for the DOS ones, whose letters are Western. */
const CHARDET_NAMES: Readonly<Record<string, readonly string[]>> = {
  "windows-1252": ["windows-1252", "iso-8859-15", "cp850", "cp437"],
  "ISO-8859-1": ["windows-1252", "iso-8859-15", "cp850", "cp437"],
  "windows-1250": ["windows-1250", "iso-8859-2"],
  "ISO-8859-2": ["windows-1250", "iso-8859-2"],
  "windows-1251": ["windows-1251"],
  "windows-1257": ["windows-1257"],
  "KOI8-R": ["koi8-r"],
  "ISO-8859-5": ["iso-8859-5"],
};
/** chardet's confidence (0-100) counts this much against one implausible character (-10). */
const CHARDET_WEIGHT = 0.1;
/** Detection reads at most this much of the lines that hold bytes beyond ASCII. */
const SAMPLE_BYTES = 65536;

/** WHATWG windows-1252 at 0x80-0x9F; Node 20's TextDecoder leaves these bytes as C1 controls (Latin-1). */
const CP1252_80_9F = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString("latin1")
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80] ?? c);
}

/** Decodes with a canonical encoding name, keeping any BOM. */
function decodeAs(bytes: Buffer, encoding: string): string {
  if (encoding === "windows-1252") return decodeWindows1252(bytes);
  if (ICONV_ENCODINGS.has(encoding)) return iconv.decode(bytes, encoding, { stripBOM: false });
  // Valid UTF-8 reads the same either way; Buffer's decoder is several times faster than TextDecoder's.
  if (encoding === "utf-8" && isValidUtf8(bytes)) return bytes.toString("utf8");
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/** UTF-32 without BOM: every 4-byte unit a code point, which text in any other encoding never is. */
function sniffUtf32(bytes: Buffer): string | null {
  const n = Math.min(bytes.length, 4096) & ~3;
  if (n < 8) return null;
  const valid = (read: (i: number) => number) => {
    for (let i = 0; i < n; i += 4) {
      const code = read(i);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    }
    return true;
  };
  if (valid((i) => bytes.readUInt32LE(i))) return "utf-32le";
  if (valid((i) => bytes.readUInt32BE(i))) return "utf-32be";
  return null;
}

/** UTF-16 without BOM shows up as a NUL byte in every other position for Latin text. */
function sniffUtf16(bytes: Buffer): string | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return null;
}

/** Valid UTF-8 (Node's native check: a fatal TextDecoder took as long as decoding the file). */
function isUtf8(bytes: Uint8Array): boolean {
  return isValidUtf8(bytes);
}

/** The lines holding bytes beyond ASCII, where code pages differ, up to SAMPLE_BYTES. */
function nonAsciiLines(bytes: Buffer): Buffer {
  const lines: Buffer[] = [];
  let size = 0;
  let start = 0;
  while (start < bytes.length && size < SAMPLE_BYTES) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline + 1;
    const line = bytes.subarray(start, end);
    if (line.some((b) => b >= 0x80)) {
      lines.push(line);
      size += line.length;
    }
    start = end;
  }
  return Buffer.concat(lines).subarray(0, SAMPLE_BYTES);
}

/**
 * East Asian multi-byte encodings, by chardet's name. Their byte pairs are told apart from
 * single-byte Latin text with certainty (runs of lead and trail bytes), so chardet's verdict is
 * taken when it is sure and the whole file decodes without an error.
 */
const MULTI_BYTE: Readonly<Record<string, string>> = {
  GB18030: "gb18030",
  Shift_JIS: "shift_jis",
  Big5: "big5",
  "EUC-KR": "euc-kr",
  "EUC-JP": "euc-jp",
};
const MULTI_BYTE_CONFIDENCE = 80;

function decodesAs(bytes: Buffer, encoding: string): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Japanese encodings: their kana say so where chardet's confidence is low (a file of a few lines). */
const JAPANESE = new Set(["shift_jis", "euc-jp"]);
/** Hiragana and full-width katakana: a Japanese text has them; Latin bytes read as Shift_JIS or EUC-JP seldom make one. */
const KANA = /[\u3041-\u3096\u30a1-\u30fa]/gu;
const MIN_KANA = 2;

/**
 * The multi-byte encoding chardet ranks first, when the whole file decodes as it without an error
 * and chardet is sure, or the encoding is Japanese and the text reads with kana (a card bill of two
 * lines gets chardet's 56-75 only).
 */
function multiByteEncoding(bytes: Buffer, top: { name: string; confidence: number } | undefined): string | null {
  const encoding = top ? MULTI_BYTE[top.name] : undefined;
  if (!encoding || !decodesAs(bytes, encoding)) return null;
  if (top!.confidence >= MULTI_BYTE_CONFIDENCE) return encoding;
  if (!JAPANESE.has(encoding)) return null;
  const kana = new TextDecoder(encoding).decode(bytes.subarray(0, SAMPLE_BYTES)).match(KANA);
  return (kana?.length ?? 0) >= MIN_KANA ? encoding : null;
}

/** A multi-byte encoding (multiByteEncoding), else the code page whose reading is most plausible, with chardet's n-gram confidence as a bonus. */
function pickCodePage(bytes: Buffer): string {
  const sample = nonAsciiLines(bytes);
  const matches = analyse(sample);
  const multiByte = multiByteEncoding(bytes, matches[0]);
  if (multiByte) return multiByte;
  const bonus = new Map<string, number>();
  for (const match of matches) {
    for (const encoding of CHARDET_NAMES[match.name] ?? []) {
      bonus.set(encoding, Math.max(bonus.get(encoding) ?? 0, match.confidence * CHARDET_WEIGHT));
    }
  }
  let best = "windows-1252";
  let bestScore = -Infinity;
  for (const { encoding, prior } of CODE_PAGES) {
    const score = prior + plausibility(decodeAs(sample, encoding)) + (bonus.get(encoding) ?? 0);
    // Strictly better only: ties keep the earlier, more common code page.
    if (score > bestScore) {
      best = encoding;
      bestScore = score;
    }
  }
  return best;
}

/** The encoding of text that does not say its own: UTF-32 and UTF-16 by their NULs, UTF-8 when valid, else the likeliest code page. */
export function detectEncoding(bytes: Buffer): string {
  return sniffUtf32(bytes) ?? sniffUtf16(bytes) ?? (isUtf8(bytes) ? "utf-8" : pickCodePage(bytes));
}

/**
 * The canonical name of an encoding label a person may give in `parse_options.encoding`
 * ("Windows-1251" -> "windows-1251", "latin1" -> "windows-1252", "IBM850" -> "cp850"), or null when
 * it is not one we decode: the WHATWG Encoding Standard's labels, plus IBM 850 and 437 and UTF-32.
 */
export function normaliseEncodingLabel(label: string): string | null {
  const key = label.trim().toLowerCase();
  const iconvName = ICONV_LABELS[key];
  if (iconvName) return iconvName;
  try {
    return new TextDecoder(key).encoding;
  } catch {
    return null;
  }
}

/**
 * Decodes text with the encoding named (any label normaliseEncodingLabel knows; its BOM is still
 * dropped) or, without one, the encoding a BOM, the byte patterns and the letters point to. Never
 * throws for detected encodings; throws StatementUnreadableError for an unknown label.
 */
export function decodeText(bytes: Buffer, encodingLabel?: string): DecodedText {
  if (encodingLabel !== undefined) {
    const encoding = normaliseEncodingLabel(encodingLabel);
    if (!encoding) throw new StatementUnreadableError(`"${encodingLabel}" is not a character encoding we can read`);
    const bom = BOMS.find((b) => b.encoding === encoding && startsWith(bytes, b.bytes));
    return { text: decodeAs(bom ? bytes.subarray(bom.bytes.length) : bytes, encoding), encoding };
  }
  const bom = BOMS.find((b) => startsWith(bytes, b.bytes));
  if (bom) return { text: decodeAs(bytes.subarray(bom.bytes.length), bom.encoding), encoding: bom.encoding };
  const encoding = detectEncoding(bytes);
  return { text: decodeAs(bytes, encoding), encoding };
}

/**
 * Throws for text that is no CSV: a NUL, or many control characters or characters the decoding
 * could not read (U+FFFD). A file that holds U+FFFD as written (letters someone's editor already
 * lost, OP's "Kirjausp\uFFFDiv\uFFFD") is text all the same.
 */
function assertText(text: string, replacementsWritten: boolean): void {
  const sample = text.slice(0, 65536);
  let controls = 0;
  for (const c of sample) {
    const code = c.codePointAt(0) ?? 0;
    if (code === 0) throw new StatementUnreadableError("The file is binary, not CSV text");
    if (
      (code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r" && c !== "\f" && c !== "\x1a") ||
      (code === 0xfffd && !replacementsWritten)
    ) {
      controls++;
    }
  }
  if (controls > Math.max(2, sample.length * 0.01)) {
    throw new StatementUnreadableError("The file is binary, not CSV text");
  }
}

/** U+FFFD as UTF-8 bytes: a file that holds it already is not misread because of it. */
const REPLACEMENT_UTF8 = Buffer.from([0xef, 0xbf, 0xbd]);

/**
 * The text without the NULs and Ctrl-Zs at its end, and the line breaks among and after them (RBC's
 * export ends in "\r\n\0\r\n": a NUL on a line of its own). A search from the end: a pattern would
 * try every offset.
 */
export function withoutTrailingPadding(text: string): string {
  let end = text.length;
  let padded = end;
  for (; end > 0; end--) {
    const code = text.charCodeAt(end - 1);
    if (code === 0 || code === 0x1a) padded = end - 1;
    else if (code !== 0x0a && code !== 0x0d) break;
  }
  return padded === text.length ? text : text.slice(0, padded);
}

/**
 * Decodes a CSV file (see decodeText), or throws StatementUnreadableError for empty and binary
 * files and for an unknown encoding label.
 */
export function decodeCsvBytes(bytes: Buffer, encoding?: string): DecodedText {
  for (const signature of BINARY_SIGNATURES) {
    if (startsWith(bytes, signature.bytes)) {
      throw new StatementUnreadableError(`The file is ${signature.what}, not CSV text`);
    }
  }
  const decoded = decodeText(bytes, encoding);
  // Trailing NULs pad some UTF-16 exports; a Ctrl-Z ends some DOS-era files.
  decoded.text = withoutTrailingPadding(decoded.text);
  if (decoded.text.trim() === "") throw new StatementUnreadableError("The file is empty");
  const replacements = decoded.text.includes("\ufffd");
  const replacementsWritten = replacements && bytes.includes(REPLACEMENT_UTF8);
  // A person's encoding the bytes do not fit reads as replacement characters: say so, not "binary".
  if (encoding !== undefined && replacements && !replacementsWritten) {
    throw new StatementUnreadableError(
      `parse_options.encoding: the file is not ${decoded.encoding} text (its bytes do not fit that encoding); leave encoding out to have it detected`,
    );
  }
  assertText(decoded.text, decoded.encoding === "utf-8" && replacementsWritten);
  return decoded;
}
