import { DELIMITERS } from "./parsers/csv/dialect";
import { markupWorkbook } from "./parsers/excel/markup";
import type { StatementFileType } from "./parsers/types";

/** Extensions a statement may carry (CONTRACT "Imports"). */
const EXTENSIONS: Record<string, StatementFileType> = {
  csv: "csv",
  txt: "csv",
  xlsx: "xlsx",
  xls: "xls",
  ofx: "ofx",
  qfx: "qfx",
  sta: "mt940",
  mt940: "mt940",
  "940": "mt940",
  xml: "camt",
  camt: "camt",
  "052": "camt",
  "053": "camt",
  "054": "camt",
  qif: "qif",
};

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : "";
}

/** The first few KB as Latin-1 text, enough to recognise markers in any 8-bit encoding. */
function head(bytes: Buffer, length = 8192): string {
  const slice = bytes.subarray(0, length);
  // UTF-16 files: drop the zero bytes so the markers show.
  const utf16 =
    slice.length > 2 && ((slice[0] === 0xff && slice[1] === 0xfe) || (slice[0] === 0xfe && slice[1] === 0xff));
  return (utf16 ? Buffer.from(slice.filter((byte) => byte !== 0)) : slice).toString("latin1");
}

function looksLikeText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  const utf16 =
    sample.length > 2 && ((sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff));
  if (utf16) return true;
  let control = 0;
  for (const byte of sample) if (byte === 0 || (byte < 9 && byte !== 0)) control += 1;
  return control / sample.length < 0.01;
}

/** An ISO 20022 bank-to-customer message: the camt namespace, or its message element. */
const CAMT_MARKER =
  /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]|<(?:[\w.-]+:)?BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)\b/;
/** A QIF header line: `!Type:Bank`, `!Account`, `!Option:AutoSwitch`... */
const QIF_HEADER = /(?:^|[\r\n])[ \t]*!(?:Type:|Account\b|Option:|Clear:)/i;

/**
 * The statement type by content first (ZIP -> xlsx, OLE2 -> xls, CAMT namespace, OFX markers,
 * MT940 tags, QIF headers), then by extension for plain text; null when it is none of the
 * supported types.
 */
export function detectFileType(bytes: Buffer, fileName: string): StatementFileType | null {
  const extension = extensionOf(fileName);
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return "xlsx";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return "xls";
  const text = head(bytes);
  if (CAMT_MARKER.test(text)) return "camt";
  const ofxFlavour = (): StatementFileType =>
    extension === "qfx" || (extension !== "ofx" && /INTU\.BID/i.test(text)) ? "qfx" : "ofx";
  if (/OFXHEADER\s*:|<\?OFX\b|<OFX>/i.test(text)) return ofxFlavour();
  if (/<(STMTTRNRS|CCSTMTTRNRS|BANKTRANLIST)>/i.test(text)) return ofxFlavour();
  if (/(^|[\r\n}]|@@)[ \t]*:20:/.test(text) && /:25:/.test(text) && /:6[01][FM]?:/.test(text)) return "mt940";
  // An HTML table or Excel 2003's XML under an Excel name (or none): the Excel reader reads both.
  if (MARKUP_START.test(text) && markupWorkbook(bytes)) return "xls";
  if (!looksLikeText(bytes)) return null;
  // JSON (a bank's API answer, Fio's) is no statement file this service reads, whatever its commas.
  if (JSON_START.test(text)) return null;
  if (QIF_HEADER.test(text)) return "qif";
  // XML under a statement name: the CAMT reader says what it is if it is no statement.
  if (EXTENSIONS[extension] === "camt" && /^\s*</.test(text.replace(/^\uFEFF|^\xEF\xBB\xBF/, ""))) return "camt";
  if (EXTENSIONS[extension] === "qif") return "qif";
  if (EXTENSIONS[extension] === "csv") return "csv";
  // Delimited text under any name: banks export CSV as ".xls", ".dat" and more.
  return looksDelimited(text) ? "csv" : null;
}

/** Text opening with markup (a BOM, in any encoding, aside). */
const MARKUP_START = /^(?:\uFEFF|\xEF\xBB\xBF|\xFF\xFE|\xFE\xFF)?\s*</;

/** An object or array opening with a quoted key or another object or array (`\s` takes a BOM too): `{"accountStatement": ...`, `[{`. */
const JSON_START = /^\s*(?:\{\s*"[^"\n]*"\s*:|\[\s*[[{])/;

/** At least two lines, and one delimiter that most non-empty lines contain. */
function looksDelimited(text: string): boolean {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== "")
    .slice(0, 50);
  if (lines.length < 2) return false;
  return DELIMITERS.some(
    (delimiter) => lines.filter((line) => line.includes(delimiter)).length >= Math.ceil(lines.length * 0.6),
  );
}
