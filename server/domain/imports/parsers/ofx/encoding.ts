import { decodeText, normaliseEncodingLabel } from "../csv/encoding";
import { ofxBodyStart, readOfxHeader, type OfxHeader } from "./header";

export interface DecodedOfx {
  text: string;
  /** The character encoding the text was read in (canonical name, e.g. "windows-1252"). */
  encoding: string;
  header: OfxHeader;
  /** Offset of <OFX> in `text`, -1 when there is none. */
  bodyStart: number;
  warnings: string[];
}

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

function utf16Of(bytes: Buffer): { label: "utf-16le" | "utf-16be"; skip: number } | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: "utf-16le", skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: "utf-16be", skip: 2 };
  // Without a BOM, ASCII text in UTF-16 shows as every other byte being zero.
  if (bytes.length >= 4 && bytes[0] !== 0 && bytes[1] === 0 && bytes[3] === 0) return { label: "utf-16le", skip: 0 };
  if (bytes.length >= 4 && bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0) return { label: "utf-16be", skip: 0 };
  return null;
}

function strictUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The file's text in the character set its header declares (UTF-8, Windows-1252...), after a
 * BOM wins over the header, and valid UTF-8 with non-ASCII bytes wins over an 8-bit declaration
 * (banks often write UTF-8 under CHARSET:1252). Control characters other than tab and line
 * breaks are dropped.
 */
export function decodeOfx(bytes: Buffer, givenEncoding?: string): DecodedOfx {
  const warnings: string[] = [];
  const utf16 = utf16Of(bytes);
  let text: string;
  let encoding: string;
  if (givenEncoding !== undefined) {
    ({ text, encoding } = decodeText(bytes, givenEncoding));
  } else if (utf16) {
    text = new TextDecoder(utf16.label).decode(bytes.subarray(utf16.skip));
    encoding = utf16.label;
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = new TextDecoder("utf-8").decode(bytes.subarray(3));
    encoding = "utf-8";
  } else {
    const latin = bytes.toString("latin1");
    const bodyAt = ofxBodyStart(latin);
    const declared = readOfxHeader(bodyAt >= 0 ? latin.slice(0, bodyAt) : latin.slice(0, 4096)).declaredCharset;
    const utf8 = strictUtf8(bytes);
    const hasNonAscii = bytes.some((byte) => byte >= 0x80);
    if (declared === "utf-8" || (declared === null && utf8 !== null)) {
      if (utf8 === null) warnings.push("The file declares UTF-8 but is not valid UTF-8; it was read as Windows-1252.");
      ({ text, encoding } = utf8 === null ? decodeText(bytes, "windows-1252") : { text: utf8, encoding: "utf-8" });
    } else if (utf8 !== null && hasNonAscii) {
      warnings.push(
        `The file declares ${declared ?? "no character set"} but its bytes are UTF-8; it was read as UTF-8.`,
      );
      text = utf8;
      encoding = "utf-8";
    } else {
      // The shared decoder: Node's own maps Windows-1252's 0x80-0x9F (€, quotes, dashes) to control characters.
      ({ text, encoding } = decodeText(
        bytes,
        declared !== null && normaliseEncodingLabel(declared) ? declared : "windows-1252",
      ));
    }
  }
  text = text.replace(/^\uFEFF/, "").replace(CONTROL_CHARACTERS, "");
  const bodyStart = ofxBodyStart(text);
  const header = readOfxHeader(bodyStart >= 0 ? text.slice(0, bodyStart) : text.slice(0, 4096));
  return { text, encoding, header, bodyStart, warnings };
}

/** True when the bytes carry an OFX header or an <OFX> root near the start (SGML or XML, any encoding). */
export function looksLikeOfx(bytes: Buffer): boolean {
  const head = Buffer.from(bytes.subarray(0, 8192).filter((byte) => byte !== 0)).toString("latin1");
  return /OFXHEADER\s*[:=]|<\?OFX\b|<OFX>/i.test(head);
}
