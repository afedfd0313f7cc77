import { AppError } from "../errors";

/** Stable list order of CONTRACT "Pagination": the resource's `order`, then name, then id. */
export interface SortKey {
  order: number;
  name: string;
  id: string;
}

export type PageRequest =
  { mode: "page"; page: number; limit: number } | { mode: "cursor"; after: SortKey | null; limit: number };

export interface PageResult<T> {
  items: T[];
  /** Rows in the whole list (page mode only). */
  total?: number;
  /** Cursor of the row after the last one returned, null on the last page. */
  nextCursor: string | null;
}

function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify([key.order, key.name, key.id]), "utf8").toString("base64url");
}

function decodeCursor(cursor: string): SortKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isInteger(value[0]) &&
      Math.abs(value[0] as number) <= 2_147_483_647 &&
      typeof value[1] === "string" &&
      typeof value[2] === "string" &&
      isUuid(value[2])
    ) {
      return { order: value[0], name: value[1], id: value[2] };
    }
  } catch {
    // fall through
  }
  throw cursorRefusal("not a cursor this API returned");
}

/** 400 VALIDATION_FAILED naming `cursor`, for every list's cursor (and a delta's). */
export function cursorRefusal(message: string): AppError {
  return new AppError("VALIDATION_FAILED", `Validation failed: cursor: ${message}`, {}, [
    { path: ["cursor"], code: "invalid_cursor", message },
  ]);
}

/** A uuid as the database writes it (lower case), the id part of every cursor. */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);

export function paginationConflict(): AppError {
  return new AppError(
    "PROGRAMMATIC_PAGINATION_MODE_CONFLICT",
    "Use either page (page mode) or cursor (cursor mode), not both.",
  );
}

/** The request's pagination mode; `page` with `cursor` is a conflict (CONTRACT "Pagination"). */
export function pageRequest(input: { page?: number; cursor?: string; limit?: number }): PageRequest {
  const limit = input.limit ?? 50;
  if (input.page !== undefined && input.cursor !== undefined) throw paginationConflict();
  if (input.cursor !== undefined) return { mode: "cursor", after: decodeCursor(input.cursor), limit };
  return { mode: "page", page: input.page ?? 1, limit };
}

/**
 * Prisma `where` for rows after `key` in (order, name, id) order. `name` builds the name
 * condition, since some resources take their name from a relation.
 */
export function afterKeyWhere(key: SortKey, name: (filter: { gt: string } | { equals: string }) => object) {
  return {
    OR: [
      { order: { gt: key.order } },
      { order: key.order, ...name({ gt: key.name }) },
      { order: key.order, ...name({ equals: key.name }), id: { gt: key.id } },
    ],
  };
}

/**
 * Runs a keyset or offset page: `fetch(where, skip, take)` must order by (order, name, id);
 * `keyOf` gives a row's sort key.
 */
export async function paginate<Row>(
  request: PageRequest,
  options: {
    fetch: (after: object | undefined, skip: number, take: number) => Promise<Row[]>;
    count: () => Promise<number>;
    keyOf: (row: Row) => SortKey;
    afterWhere: (key: SortKey) => object;
  },
): Promise<PageResult<Row>> {
  const { limit } = request;
  const rows =
    request.mode === "page"
      ? await options.fetch(undefined, (request.page - 1) * limit, limit + 1)
      : await options.fetch(request.after ? options.afterWhere(request.after) : undefined, 0, limit + 1);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(options.keyOf(last)) : null;
  return request.mode === "page" ? { items, total: await options.count(), nextCursor } : { items, nextCursor };
}
