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
  return { name: parameters.get("name"), filename: (extended && decodeExtendedValue(extended)) ?? parameters.get("filename") };
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
export const UNNAMED_FILE = "statement";

/**
 * The file name as stored and shown: browsers write `"` as `%22`, a path keeps only its last
 * segment, and control characters (NUL, CR, LF, ESC, DEL, C1) are dropped: PostgreSQL cannot store
 * NUL in text, and the name lands in logs and pages.
 */
export function receivedFileName(sent: string | undefined): string {
  const lastSegment = (sent ?? "").replace(/%22/g, '"').split(/[\\/]/).pop() ?? "";
  return lastSegment.replace(/\p{Cc}+/gu, "").trim() || UNNAMED_FILE;
}

/**
 * A text field's value: UTF-8 (a BOM dropped) whatever the part's Content-Type; a part sent as
 * `application/json` whose body is a JSON string stands for that string.
 */
export function fieldText(bytes: Buffer, contentType: string | undefined): string {
  const text = new TextDecoder("utf-8").decode(bytes);
  if (!/^\s*application\/(?:[\w.-]+\+)?json\b/i.test(contentType ?? "")) return text;
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
