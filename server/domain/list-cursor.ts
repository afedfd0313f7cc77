import { createHash } from "node:crypto";
import { cursorRefusal as refused, isUuid } from "./pagination";

/**
 * The opaque cursor of a list read by keyset (imports, recurring rules): the list's name, a
 * fingerprint of the filters it was made for, and the last row's sort key. A cursor of another list,
 * of other filters or not made here is 400 naming `cursor`.
 */
const VERSION = 1;

function fingerprintOf(filters: Record<string, unknown>): string {
  const text = JSON.stringify(
    Object.entries(filters)
      .filter(([, value]) => value !== undefined)
      .sort(),
  );
  return createHash("sha256").update(text).digest("base64url").slice(0, 12);
}

export function encodeListCursor(list: string, filters: Record<string, unknown>, key: string[]): string {
  return Buffer.from(JSON.stringify([VERSION, list, fingerprintOf(filters), ...key]), "utf8").toString("base64url");
}

/** The sort key inside `cursor`, each part checked by `parts` (in order), or 400. */
export function decodeListCursor(
  list: string,
  filters: Record<string, unknown>,
  cursor: string,
  parts: Array<(value: string) => boolean>,
): string[] {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused("not a cursor this list returned; send next_cursor as it came");
  }
  if (!Array.isArray(value) || value[0] !== VERSION || value[1] !== list || value.length !== 3 + parts.length) {
    throw refused("not a cursor this list returned; send next_cursor as it came");
  }
  if (value[2] !== fingerprintOf(filters)) {
    throw refused("this cursor was made for other filters; send the same ones, or start again without a cursor");
  }
  const key = value.slice(3);
  if (!key.every((part, index) => typeof part === "string" && parts[index]!(part))) {
    throw refused("not a cursor this list returned; send next_cursor as it came");
  }
  return key as string[];
}

/** An instant as toISOString writes it, in the years PostgreSQL stores (0001 to 9999). */
export const isInstant = (value: string) =>
  /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * A list read newest first (created_at, then id, both descending) by cursor or by page: the rows
 * after the cursor's last one, and the cursor after a page read with one row more than `limit`.
 */
export function newestFirstKeyset(list: string, filters: Record<string, unknown>, cursor: string | undefined) {
  const after = cursor ? decodeListCursor(list, filters, cursor, [isInstant, isUuid]) : null;
  return {
    after,
    /** `where` for the rows after the cursor's (combine with the list's own filters under AND). */
    older: after
      ? {
          OR: [{ createdAt: { lt: new Date(after[0]!) } }, { createdAt: new Date(after[0]!), id: { lt: after[1]! } }],
        }
      : null,
    nextCursor(rows: ReadonlyArray<{ createdAt: Date; id: string }>, limit: number): string | null {
      const last = rows[limit - 1];
      return rows.length > limit && last
        ? encodeListCursor(list, filters, [last.createdAt.toISOString(), last.id])
        : null;
    },
  };
}
