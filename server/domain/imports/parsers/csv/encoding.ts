/**
 * Turns a CSV file's bytes into text: BOMs, UTF-16 with or without BOM, UTF-8, and the 8-bit code
 * pages banks still export (Windows-1252 / ISO-8859-1, Windows-1250, ISO-8859-2).
 */
import { StatementUnreadableError } from "../types";

export type TextEncodingLabel = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252" | "windows-1250" | "iso-8859-2";

export interface DecodedText {
  text: string;
  encoding: TextEncodingLabel;
}

const BINARY_SIGNATURES: ReadonlyArray<{ bytes: number[]; what: string }> = [
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP/XLSX archive" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: "a legacy Excel/OLE document" },
  { bytes: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
];

/** Letters that only Central European text produces at the bytes where Windows-1250 and -1252 differ. */
const CENTRAL_EUROPEAN_LETTERS = new Set("řěůőűłąęśźżňťďľŘĚŮŐŰŁĄĘŚŹŻŇŤĎĽ");
/** Letters foreign to Czech: next to ř/ě/ů they mean ISO-8859-2's š/ž were read as Windows-1250. */
const NOT_CZECH_LETTERS = new Set("ąľĺŕłęśźżĄĽĹŔŁĘŚŹŻ");
/** Windows-1252 readings of those bytes that are rare in Western European bank text. */
const UNLIKELY_WESTERN_LETTERS = new Set("øìùõûðþ¹³¾ºªØÌÙÕÛÐÞ");

/** WHATWG windows-1252 at 0x80-0x9F; Node 20's TextDecoder leaves these bytes as C1 controls (Latin-1). */
const CP1252_80_9F = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("latin1").replace(/[\u0080-\u009f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80] ?? c);
}

function decodeEightBit(bytes: Uint8Array, encoding: TextEncodingLabel): string {
  return encoding === "windows-1252" ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
}

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** UTF-16 without BOM shows up as a NUL byte in every other position for Latin text. */
function sniffUtf16(bytes: Buffer): TextEncodingLabel | null {
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

function decodeStrict(bytes: Uint8Array, label: TextEncodingLabel): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Higher is more plausible: C1 controls and symbols wedged between letters count against a code page. */
function plausibility(text: string): number {
  // Single-byte code pages only produce BMP characters, so indexing by code unit is safe here.
  const isLetter = (i: number) => /\p{L}/u.test(text.charAt(i));
  const czech = /[řěůŘĚŮ]/u.test(text);
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    const c = text.charAt(i);
    if (code <= 0x9f) score -= 10;
    else if (czech && NOT_CZECH_LETTERS.has(c)) score -= 3;
    else if (CENTRAL_EUROPEAN_LETTERS.has(c)) score += 2;
    else if (UNLIKELY_WESTERN_LETTERS.has(c)) score -= 1;
    else if (!isLetter(i) && isLetter(i - 1) && isLetter(i + 1)) score -= 5;
  }
  return score;
}

function pickEightBit(bytes: Buffer): DecodedText {
  const candidates: TextEncodingLabel[] = ["windows-1252", "windows-1250", "iso-8859-2"];
  let best: DecodedText | null = null;
  let bestScore = -Infinity;
  for (const encoding of candidates) {
    const text = decodeEightBit(bytes, encoding);
    const score = plausibility(text);
    // Strictly better only: ties keep the earlier, more common code page.
    if (score > bestScore) {
      best = { text, encoding };
      bestScore = score;
    }
  }
  return best ?? { text: decodeWindows1252(bytes), encoding: "windows-1252" };
}

function assertText(text: string): void {
  const sample = text.slice(0, 65536);
  let controls = 0;
  for (const c of sample) {
    const code = c.codePointAt(0) ?? 0;
    if (code === 0) throw new StatementUnreadableError("The file is binary, not CSV text");
    if ((code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r" && c !== "\f" && c !== "\x1a") || code === 0xfffd) {
      controls++;
    }
  }
  if (controls > Math.max(2, sample.length * 0.01)) {
    throw new StatementUnreadableError("The file is binary, not CSV text");
  }
}

/** Decodes the bytes, or throws StatementUnreadableError for empty and binary files. */
export function decodeCsvBytes(bytes: Buffer): DecodedText {
  for (const signature of BINARY_SIGNATURES) {
    if (startsWith(bytes, signature.bytes)) {
      throw new StatementUnreadableError(`The file is ${signature.what}, not CSV text`);
    }
  }
  let decoded: DecodedText;
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    decoded = { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8" };
  } else if (startsWith(bytes, [0xff, 0xfe])) {
    decoded = { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le" };
  } else if (startsWith(bytes, [0xfe, 0xff])) {
    decoded = { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be" };
  } else {
    const utf16 = sniffUtf16(bytes);
    const utf8 = utf16 ? null : decodeStrict(bytes, "utf-8");
    if (utf16) decoded = { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
    else if (utf8 !== null) decoded = { text: utf8, encoding: "utf-8" };
    else decoded = pickEightBit(bytes);
  }
  // Trailing NULs pad some UTF-16 exports; a Ctrl-Z ends some DOS-era files.
  decoded.text = decoded.text.replace(/[\u0000\u001a]+$/u, "");
  if (decoded.text.trim() === "") throw new StatementUnreadableError("The file is empty");
  assertText(decoded.text);
  return decoded;
}
