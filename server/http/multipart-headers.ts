/** What a multipart part's headers say, read the way the clients of docs/api.md write them. */

export interface ContentDisposition {
  name?: string;
  filename?: string;
}

const PARAMETER = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;

/**
 * `form-data; name="file"; filename="a.csv"`; `filename*=UTF-8''...` (RFC 5987) wins over `filename`
 * when it decodes. Backslashes stay (escapes, or an old browser's Windows path): the file name keeps
 * what follows the last one.
 */
export function contentDispositionOf(header: string | undefined): ContentDisposition {
  const parameters = new Map<string, string>();
  for (const match of (header ?? "").matchAll(PARAMETER)) {
    const key = match[1]!.toLowerCase();
    const value = match[2] ?? match[3]!.trim();
    if (!parameters.has(key)) parameters.set(key, value);
  }
  const extended = parameters.get("filename*");
  return {
    name: parameters.get("name"),
    filename: (extended && decodeExtendedValue(extended)) ?? parameters.get("filename"),
  };
}

function decodeExtendedValue(value: string): string | undefined {
  const match = /^([\w!#$&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  try {
    if (match[1]!.toLowerCase() === "utf-8") return decodeURIComponent(match[2]!);
    return match[2]!.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return undefined;
  }
}

/** The name a file without one gets. */
const UNNAMED_FILE = "statement";

/**
 * The file name as stored and shown: browsers write `"` as `%22`, a path keeps only its last
 * segment, and control characters (NUL, CR, LF, ESC, DEL, C1) are dropped: PostgreSQL cannot store
 * NUL in text, and the name lands in logs and pages. So are the characters that reorder what is
 * shown ("\u202Evsc.exe" shows as "exe.csv" in a page): the name is shown as it was sent.
 */
export function receivedFileName(sent: string | undefined): string {
  const lastSegment = (sent ?? "").replace(/%22/g, '"').split(/[\\/]/).pop() ?? "";
  return lastSegment.replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu, "").trim() || UNNAMED_FILE;
}

/** How a text field's bytes are read: in a charset, and as a JSON string when sent as JSON. */
export interface FieldReading {
  charset: string;
  json: boolean;
}

const MEDIA_TYPE = /^\s*([^\s;/]+\/[^\s;]+)\s*(?:;|$)/;
const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/**
 * How a field's part says to read it, or why it cannot be read. A part is a field by its name,
 * with or without a filename or a Content-Type: generated clients (openapi-python-client through
 * httpx, NSwag, OpenAPI Generator) send each field as its own `text/plain` part. No Content-Type or
 * any `text/*` is text in its charset (UTF-8 when none is named); JSON (`application/json`,
 * `+json`) too, and a JSON string stands for that string. Any other type
 * (`application/octet-stream`, `image/png`) says the part holds bytes, not a field's value.
 */
export function fieldReadingOf(contentType: string | undefined): FieldReading | { problem: string } {
  if (contentType === undefined || contentType.trim() === "") return { charset: "utf-8", json: false };
  const mediaType = MEDIA_TYPE.exec(contentType)?.[1]?.toLowerCase();
  const json = mediaType !== undefined && /^application\/(?:[\w.-]+\+)?json$/.test(mediaType);
  if (!json && !mediaType?.startsWith("text/")) {
    const sent = printable(mediaType ?? contentType.trim());
    return { problem: `sent as ${sent}; send a field as text (text/plain) or as JSON (application/json)` };
  }
  const named = CHARSET.exec(contentType);
  const charset = (named?.[1] ?? named?.[2] ?? "utf-8").trim().toLowerCase() || "utf-8";
  try {
    new TextDecoder(charset);
  } catch {
    return { problem: `charset ${printable(charset)} is not supported; send the field as UTF-8` };
  }
  return { charset, json };
}

/** A text field's value: its bytes decoded (a BOM dropped); a JSON string part stands for the string. */
export function fieldText(bytes: Buffer, { charset, json }: FieldReading): string {
  const text = new TextDecoder(charset).decode(bytes);
  if (!json) return text;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? value : text;
  } catch {
    return text;
  }
}

/** A client-chosen name fit for an error message: no control characters, at most 64 characters. */
export function printable(name: string): string {
  const clean = name.replace(/\p{Cc}+/gu, "");
  return clean.length > 64 ? `${clean.slice(0, 63)}…` : clean;
}
