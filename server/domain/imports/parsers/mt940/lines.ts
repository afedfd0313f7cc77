/**
 * MT940 text as clean lines: decoded like CSV (the encoding given, else a BOM, UTF-8 when the bytes
 * are valid UTF-8, else the most plausible code page), control characters dropped (SOH/ETX
 * framing, Ctrl-Z), tabs as spaces, and the SWIFT block wrappers {1:...}{2:...}{3:...}{4: ... -}{5:...}
 * taken off.
 */
import { decodeText } from "../csv/encoding";

export interface SourceLine {
  /** 1-based line number in the file. */
  number: number;
  /** The cleaned line with its trailing spaces, which tell where a wrapped text had a space. */
  raw: string;
  /** `raw` without trailing spaces. */
  text: string;
}

export interface Mt940Source {
  lines: SourceLine[];
  /** BICs from the SWIFT basic header blocks {1:F01<BIC>...}, in file order. */
  headerBics: string[];
  /** The canonical name of the encoding the file was read with. */
  encoding: string;
}

/** Spaces before a tag (":20:", ":61:"), a SWIFT block ("{4:") or the "-" that ends a message. */
const INDENTED_MARKUP = /^\s+(?=:\d{2}[A-Z]?:|\{\d:|-\}?\s*$)/;
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** Blocks 1, 2, 3 and 5 on one line (block 3 may nest one level: {3:{108:REF}}). */
const SWIFT_BLOCK = /\{([1235]):((?:[^{}]|\{[^{}]*\})*)\}/g;

export function mt940Source(bytes: Buffer, encoding?: string): Mt940Source {
  const headerBics: string[] = [];
  const decoded = decodeText(bytes, encoding);
  // FinTS (HBCI) hands MT940 and MT942 over with "@@" between the lines ("@@:20:STARTUMS@@:25:...").
  const breaks = /@@:\d{2}[A-Z]?:/.test(decoded.text) ? /\r\n|\r|\n|@@/ : /\r\n|\r|\n/;
  const cleaned = decoded.text.split(breaks).map((line) => line.replace(/\t/g, " ").replace(CONTROL_CHARACTERS, ""));
  const indent = commonIndent(cleaned);
  const lines = cleaned.map((original, index): SourceLine => {
    let raw = original.slice(indent);
    // A tag, a block or the message's end indented more than the rest is read at the line's start.
    if (INDENTED_MARKUP.test(raw)) raw = raw.trimStart();
    raw = raw.replace(SWIFT_BLOCK, (_whole, block: string, content: string) => {
      if (block === "1" && /^F01[A-Z0-9]{8}/.test(content)) headerBics.push(content.slice(3, 11));
      return "";
    });
    raw = raw.replace(/^\{4:/, "");
    return { number: index + 1, raw, text: raw.trimEnd() };
  });
  return { lines, headerBics, encoding: decoded.encoding };
}

/**
 * The spaces every non-blank line starts with: a file indented as a whole (pasted into a document,
 * written out by a program that indents) is read as if it were not; a continuation line's own
 * leading space is kept.
 */
function commonIndent(lines: readonly string[]): number {
  let indent = Infinity;
  for (const line of lines) {
    const lead = line.search(/\S/);
    if (lead >= 0 && lead < indent) indent = lead;
  }
  return Number.isFinite(indent) ? indent : 0;
}

/** True when the bytes hold MT940 tags: a :20: at a line start and an account or balance tag (indented or not). */
export function looksLikeMt940(bytes: Buffer, encoding?: string): boolean {
  const head = decodeText(bytes.subarray(0, 65536), encoding).text.replace(CONTROL_CHARACTERS, "");
  return /(^|[\r\n}])[ \t]*:20:/.test(head) && /(^|[\r\n])[ \t]*:(25|60[FM]|61):/.test(head);
}
