import { decodeText, normaliseEncodingLabel } from "../csv/encoding";

export interface DecodedXml {
  text: string;
  encoding: string;
}

function strictUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The XML file's text: a person's encoding, else a BOM, else valid UTF-8 (XML's default, and what
 * banks write even under another declaration), else the declaration's encoding, else Windows-1252.
 */
export function decodeXml(bytes: Buffer, givenEncoding?: string): DecodedXml {
  let decoded: DecodedXml;
  const bom =
    (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) ||
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (givenEncoding !== undefined || bom) {
    decoded = decodeText(bytes, givenEncoding);
  } else {
    const utf8 = strictUtf8(bytes);
    if (utf8 !== null) {
      decoded = { text: utf8, encoding: "utf-8" };
    } else {
      const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(
        bytes.subarray(0, 512).toString("latin1"),
      )?.[1];
      decoded = decodeText(bytes, declared && normaliseEncodingLabel(declared) ? declared : "windows-1252");
    }
  }
  // The XML declaration names the encoding of the bytes, which the text no longer is; saxes only reads it.
  return { text: decoded.text.replace(/^\uFEFF/, ""), encoding: decoded.encoding };
}
