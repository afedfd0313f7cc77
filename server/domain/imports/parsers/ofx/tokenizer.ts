import { MAX_FILE_TRANSACTIONS, tooManyTransactions } from "../limits";
import { firstWarnings } from "../skipped-line";
import { StatementUnreadableError } from "../types";

/**
 * A tolerant tokenizer for OFX: SGML (1.x, leaf tags left open), XML (2.x) and the mixtures banks
 * write. It only splits the text into tags and text; nesting is decided by the tree builder.
 */
export type OfxToken =
  | { kind: "open"; name: string; line: number; selfClosing: boolean }
  | { kind: "close"; name: string; line: number }
  | { kind: "text"; value: string; line: number };

/** 1-based line numbers for offsets; CRLF, CR and LF each end a line. */
export class LineIndex {
  private readonly starts: number[] = [0];
  /** The line of the last offset asked for: a reader going forward finds the next one from it. */
  private last = 0;

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const char = text.charCodeAt(i);
      if (char === 10 || (char === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }

  lineAt(offset: number): number {
    const starts = this.starts;
    let line = this.last;
    if (starts[line]! <= offset) {
      // Forward from the last answer, a few lines at most while tokens are read in order.
      for (let steps = 0; steps < 8; steps++) {
        if (line + 1 >= starts.length || starts[line + 1]! > offset) return (this.last = line) + 1;
        line++;
      }
    }
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    this.last = low;
    return low + 1;
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/**
 * XML/SGML character references; an "&" that starts none (e.g. "AT&T") stays as written. A
 * reference escaped twice ("&amp;lt;", as some banks write "<" in an SGML OFX) is read once more.
 */
function decodeEntities(value: string): string {
  if (!value.includes("&")) return value;
  const once = decodeOnce(value);
  return once !== value && /&amp;(?:#x[0-9a-f]+|#\d+|[a-z]+);/i.test(value) ? decodeOnce(once) : once;
}

function decodeOnce(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const TAG_NAME = /^[A-Za-z_][\w.:-]*/;

/** Can the character code follow a "<" that opens markup (a letter, "_", "/", "!" or "?")? */
function opensMarkup(code: number): boolean {
  const letter = code | 0x20;
  return (letter >= 0x61 && letter <= 0x7a) || code === 0x5f || code === 0x2f || code === 0x21 || code === 0x3f;
}

/** The next "<" that can open markup; a "<" before a space or digit is text ("a < b"). */
function nextMarkup(text: string, from: number): number {
  for (let lt = text.indexOf("<", from); lt >= 0; lt = text.indexOf("<", lt + 1)) {
    if (opensMarkup(text.charCodeAt(lt + 1))) return lt;
  }
  return -1;
}

/**
 * Tokens of `text` from `start` (the <OFX> element); comments, <?...?> and <!...> are skipped. A
 * malformed tag is skipped with a warning; a file that ends inside markup is unreadable.
 */
export function tokenizeOfx(text: string, start: number, lines: LineIndex, warnings: string[] = []): OfxToken[] {
  const tokens: OfxToken[] = [];
  const malformed: string[] = [];
  const skip = (markup: string, why: string, offset: number) => {
    const shown = markup.length > 40 ? `${markup.slice(0, 40)}...` : markup;
    malformed.push(`"${shown}" ${why}; it was skipped (line ${lines.lineAt(offset)}).`);
  };
  const fail = (message: string, offset: number): never => {
    throw new StatementUnreadableError(message, `line ${lines.lineAt(offset)}`);
  };
  let transactions = 0;
  // The first ">" at or after the tag being read (-1: none left), found once for a run of tags.
  let nextGt = -2;
  let i = start;
  while (i < text.length) {
    const lt = nextMarkup(text, i);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > i) {
      const raw = text.slice(i, textEnd);
      const lead = raw.search(/\S/);
      if (lead >= 0) tokens.push({ kind: "text", value: decodeEntities(raw), line: lines.lineAt(i + lead) });
    }
    if (lt < 0) break;
    if (text.startsWith("<!--", lt)) {
      const end = text.indexOf("-->", lt + 4);
      if (end < 0) fail("the file ends inside a comment <!-- that is never closed", lt);
      i = end + 3;
    } else if (text.startsWith("<![CDATA[", lt)) {
      const end = text.indexOf("]]>", lt + 9);
      if (end < 0) fail("the file ends inside a <![CDATA[ section that is never closed", lt);
      tokens.push({ kind: "text", value: text.slice(lt + 9, end), line: lines.lineAt(lt) });
      i = end + 3;
    } else if (text.startsWith("<?", lt) || text.startsWith("<!", lt)) {
      const end = text.indexOf(">", lt);
      if (end < 0) fail("the file ends inside a declaration that is never closed", lt);
      i = end + 1;
    } else {
      const nextLt = nextMarkup(text, lt + 1);
      // The tag's ">" lies before the next tag; the search for it is kept, so a run of unclosed tags
      // does not scan the rest of the file each time.
      if (nextGt !== -1 && nextGt < lt) nextGt = text.indexOf(">", lt);
      const end = nextGt >= 0 && (nextLt < 0 || nextGt < nextLt) ? nextGt : -1;
      if (end < 0 && nextLt < 0) fail(`the file ends inside the tag "${text.slice(lt, lt + 40).trim()}"`, lt);
      if (end < 0) {
        skip(text.slice(lt, nextLt).trim(), 'is a tag not closed with ">"', lt);
        i = nextLt;
        continue;
      }
      let inner = text.slice(lt + 1, end).trim();
      const closing = inner.startsWith("/");
      const selfClosing = !closing && inner.endsWith("/");
      if (closing) inner = inner.slice(1).trim();
      if (selfClosing) inner = inner.slice(0, -1).trim();
      const name = TAG_NAME.exec(inner)?.[0];
      i = end + 1;
      if (!name) {
        skip(text.slice(lt, end + 1), "is not an OFX tag", lt);
        continue;
      }
      const line = lines.lineAt(lt);
      const upper = name.toUpperCase();
      // Counted as the tags are read, so a file past the cap stops here, before its tree is built.
      if (!closing && upper === "STMTTRN" && ++transactions > MAX_FILE_TRANSACTIONS)
        throw tooManyTransactions(`line ${line}`);
      tokens.push(closing ? { kind: "close", name: upper, line } : { kind: "open", name: upper, line, selfClosing });
    }
  }
  warnings.push(...firstWarnings(malformed, "malformed tags"));
  return tokens;
}
