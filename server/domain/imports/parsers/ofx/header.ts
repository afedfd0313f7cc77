/**
 * The OFX header: OFX 1.x writes "KEY:VALUE" lines before <OFX> (some tools wrap them in an XML
 * comment), OFX 2.x an <?xml?> declaration and an <?OFX?> processing instruction. Read on text
 * decoded as Latin-1, which is enough for the ASCII header of any 8-bit file.
 */

export interface OfxHeader {
  /** "1" for SGML (OFXHEADER:100), "2" for XML (<?OFX OFXHEADER="200"?>), null when the file has no header. */
  version: "1" | "2" | null;
  fields: Record<string, string>;
  /** The character set the header declares, as a TextDecoder label; null when it declares none. */
  declaredCharset: string | null;
}

/** Offset of the <OFX> root element, or -1. */
export function ofxBodyStart(text: string): number {
  return text.search(/<OFX[\s>]/i);
}

export function readOfxHeader(prelude: string): OfxHeader {
  const fields: Record<string, string> = {};
  for (const match of prelude.matchAll(/^[ \t]*([A-Za-z][A-Za-z0-9]*)[ \t]*:[ \t]*(\S*)[ \t]*$/gm)) {
    fields[match[1]!.toUpperCase()] = match[2]!;
  }
  const instruction = /<\?OFX\b([^?]*)\?>/i.exec(prelude);
  for (const attribute of instruction?.[1]?.matchAll(/([A-Za-z]+)\s*=\s*"([^"]*)"/g) ?? []) {
    fields[attribute[1]!.toUpperCase()] ??= attribute[2]!;
  }
  const xmlEncoding = /<\?xml\b[^?]*encoding\s*=\s*["']([^"']+)["']/i.exec(prelude)?.[1] ?? null;
  return {
    version: instruction ? "2" : fields.OFXHEADER ? "1" : null,
    fields,
    declaredCharset: xmlEncoding ? decoderLabel(xmlEncoding) : sgmlCharset(fields.ENCODING, fields.CHARSET),
  };
}

/** OFX 1.x: ENCODING USASCII + CHARSET 1252 / ISO-8859-1 / NONE, or ENCODING UTF-8. */
function sgmlCharset(encoding: string | undefined, charset: string | undefined): string | null {
  const enc = encoding?.toUpperCase();
  const set = charset?.toUpperCase();
  if (enc === "UTF-8" || enc === "UNICODE" || set === "UTF-8") return "utf-8";
  if (!set || set === "NONE") return enc ? "windows-1252" : null;
  if (/^(1252|CP1252|WINDOWS-1252|8859-1|ISO-8859-1|LATIN1|LATIN-1)$/.test(set)) return "windows-1252";
  return decoderLabel(/^\d+$/.test(set) ? `windows-${set}` : set);
}

/** A TextDecoder label for a declared name; plain ASCII reads as Windows-1252, its superset. */
function decoderLabel(name: string): string | null {
  if (/^(us-?ascii|ascii|usascii)$/i.test(name.trim())) return "windows-1252";
  try {
    return new TextDecoder(name.trim()).encoding;
  } catch {
    return null;
  }
}
