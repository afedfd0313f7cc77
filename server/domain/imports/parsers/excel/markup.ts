/**
 * Workbooks written as text: banks' ".xls" exports that are an HTML table (Israeli card companies,
 * many others) or Excel 2003's XML spreadsheet (SpreadsheetML, Israel Discount Bank's). Excel opens
 * both; sheetjs reads both once the text is decoded (it reads a UTF-16 HTML file's bytes as Latin-1).
 */
import { isUtf8 } from "node:buffer";
import { detectEncoding } from "../csv/encoding";

type MarkupKind = "html" | "spreadsheetml";

export interface MarkupWorkbook {
  kind: MarkupKind;
  text: string;
}

/** Enough of a file to see what its markup is after a long `<head>` of styles. */
const HEAD_BYTES = 8192;

const SPREADSHEETML =
  /<\?mso-application\s+progid\s*=\s*["']Excel\.Sheet["']|<(?:ss:)?Workbook\b[^>]*urn:schemas-microsoft-com:office:spreadsheet/i;
/** An HTML element that opens a page (after declarations, comments and a doctype). */
const HTML_ELEMENT = /^<(?:html|head|body|meta|style|table)\b/i;

/**
 * Whether the text opens as HTML: declarations (`<?xml ...?>`), comments and a doctype skipped one
 * after the other by searching for their ends (a pattern with repeated comment groups took time
 * doubling with each "<!---->" of a 190-byte upload), then an HTML element.
 */
function opensAsHtml(head: string): boolean {
  let at = 0;
  for (;;) {
    while (at < head.length && /\s/.test(head[at]!)) at++;
    const rest = head.slice(at, at + 9).toLowerCase();
    const [close, from] = rest.startsWith("<!--")
      ? ["-->", at + 4]
      : rest.startsWith("<?") || rest.startsWith("<!doctype")
        ? [">", at + 1]
        : [null, at];
    if (close === null) return HTML_ELEMENT.test(head.slice(at, at + 8));
    const found = head.indexOf(close, from);
    if (found < 0) return false;
    at = found + close.length;
  }
}
const TABLE = /<table\b/i;
/** `<meta charset="windows-1255">`, `content="text/html; charset=..."`, `<?xml encoding="..."?>`. */
const DECLARED_ENCODING = /(?:charset|encoding)\s*=\s*["']?([\w.:-]+)/i;

/**
 * The encoding a BOM says, else the one the markup declares, else UTF-8. A page declaring another
 * encoding than Unicode (a code page: "charset=iso-8859-1", "windows-1252", "shift_jis") whose bytes
 * beyond ASCII are all valid UTF-8 is UTF-8 (Handelsbanken's "iso-8859-1" over "Göteborg" in UTF-8):
 * text in a legacy encoding almost never reads as UTF-8 sequences, and read as Latin-1 the page's
 * letters would come out as "GÃ¶teborg".
 */
function encodingOf(bytes: Buffer): { label: string; skip: number } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: "utf-16le", skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: "utf-16be", skip: 2 };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { label: "utf-8", skip: 3 };
  const declared = DECLARED_ENCODING.exec(bytes.subarray(0, HEAD_BYTES).toString("latin1"))?.[1];
  // A page that declares none is read as a CSV file is: UTF-8 when valid, else its likeliest code page
  // (a Galician bank's page in Latin-1 wrote "Número" as one byte, which UTF-8 read as "N\uFFFDmero").
  if (!declared || !isKnownEncoding(declared)) {
    const detected = detectEncoding(bytes);
    return { label: isKnownEncoding(detected) ? detected : "windows-1252", skip: 0 };
  }
  const legacy = !/^(?:utf|ucs|unicode)/i.test(declared);
  return { label: legacy && holdsUtf8Text(bytes) ? "utf-8" : declared, skip: 0 };
}

/** Valid UTF-8 with at least one character beyond ASCII. */
function holdsUtf8Text(bytes: Buffer): boolean {
  return bytes.some((byte) => byte >= 0x80) && isUtf8(bytes);
}

function isKnownEncoding(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

function decode(bytes: Buffer, label: string): string {
  // A UTF-16 head may end inside a character: decoding does not fail on it.
  return new TextDecoder(label).decode(bytes);
}

/** The workbook the bytes hold as HTML or SpreadsheetML text, decoded; null for any other content. */
export function markupWorkbook(bytes: Buffer): MarkupWorkbook | null {
  const { label, skip } = encodingOf(bytes);
  const head = decode(bytes.subarray(skip, skip + HEAD_BYTES), label);
  const kind: MarkupKind | null = SPREADSHEETML.test(head) ? "spreadsheetml" : opensAsHtml(head) ? "html" : null;
  if (kind === null) return null;
  const text = decode(bytes.subarray(skip), label);
  // An HTML page without a table (a saved error page) holds no statement: it is no workbook either.
  return kind === "html" && !TABLE.test(text) ? null : { kind, text };
}
