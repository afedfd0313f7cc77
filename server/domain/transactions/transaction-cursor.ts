/**
 * Keyset pages of the transaction list: a cursor holds the sort key of the last row answered
 * (the sorted field, then date, entry time and id, which break every tie), so the next page starts
 * right after it whatever its depth and whatever was added meanwhile. It is tied to the sort,
 * order and filters it was made for: used with others, it is refused rather than answering a
 * page of another list.
 */
import { createHash } from "node:crypto";
import type { Prisma } from "../../db/generated/prisma/client";
import type { ListTransactionsInput } from "../../routers/transactions/schemas";
import { cursorRefusal as refused, isUuid } from "../pagination";
import { dateToDay, dayToDate, isValidDay } from "../time/calendar";

type SortField = NonNullable<ListTransactionsInput["sort"]>;
type Direction = "asc" | "desc";

/** The last row's place: its sorted value (null where the field is empty; unused for date), day, entry time, id. */
interface SortKey {
  value: string | null;
  day: string;
  createdAt: string;
  id: string;
}

export interface KeyedRow {
  id: string;
  date: Date;
  createdAt: Date;
  amount: { toString(): string };
  description: string;
  counterparty: string | null;
  category: { name: string } | null;
}

const CURSOR_VERSION = 1;

/** What a cursor is tied to: the sort, the order and every filter, hashed (not how its pages are asked). */
function fingerprintOf(input: ListTransactionsInput): string {
  const { page: _page, limit: _limit, cursor: _cursor, pagination: _pagination, ...listed } = input;
  const canonical = JSON.stringify(Object.entries(listed).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 16);
}

export function sortKeyOf(sort: SortField, row: KeyedRow): SortKey {
  const value =
    sort === "amount"
      ? row.amount.toString()
      : sort === "description"
        ? row.description
        : sort === "counterparty"
          ? row.counterparty
          : sort === "category"
            ? (row.category?.name ?? null)
            : null;
  return { value, day: dateToDay(row.date), createdAt: row.createdAt.toISOString(), id: row.id };
}

export function encodeCursor(input: ListTransactionsInput, key: SortKey): string {
  const payload = [CURSOR_VERSION, fingerprintOf(input), key.value, key.day, key.createdAt, key.id];
  return Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
}

/** An entry time as toISOString wrote it, within the years PostgreSQL stores. */
const isTimestamp = (value: string) =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) && !Number.isNaN(Date.parse(value));

/** Whether a cursor's sorted value is one this sort's rows can have (a stored amount, a text, or empty where the field may be). */
function fitsSort(sort: SortField, value: string | null): boolean {
  switch (sort) {
    case "date":
      return value === null;
    case "amount":
      return value !== null && /^-?\d{1,16}(\.\d{1,4})?$/.test(value);
    case "description":
      return value !== null;
    case "counterparty":
    case "category":
      return true;
  }
}

export function decodeCursor(input: ListTransactionsInput, cursor: string): SortKey {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused("not a cursor this list returned; send next_cursor as it came");
  }
  if (
    !Array.isArray(payload) ||
    payload.length !== 6 ||
    payload[0] !== CURSOR_VERSION ||
    typeof payload[1] !== "string" ||
    (payload[2] !== null && typeof payload[2] !== "string") ||
    typeof payload[3] !== "string" ||
    !isValidDay(payload[3]) ||
    typeof payload[4] !== "string" ||
    !isTimestamp(payload[4]) ||
    typeof payload[5] !== "string" ||
    !isUuid(payload[5])
  )
    throw refused("not a cursor this list returned; send next_cursor as it came");
  if (!fitsSort(input.sort ?? "date", payload[2]))
    throw refused("not a cursor this list returned; send next_cursor as it came");
  if (payload[1] !== fingerprintOf(input))
    throw refused(
      "was made for another sort, order or filters; send the same ones as the request that returned it, or start again without a cursor",
    );
  return { value: payload[2], day: payload[3], createdAt: payload[4], id: payload[5] };
}

const compare = (direction: Direction) => (direction === "asc" ? "gt" : "lt");

/** Rows after (day, entry time, id) in `direction`, with the day's bound on its own so an index on date can seek to it. */
function afterTie(key: SortKey, direction: Direction): Prisma.TransactionWhereInput {
  const op = compare(direction);
  const date = dayToDate(key.day);
  const createdAt = new Date(key.createdAt);
  return {
    OR: [{ date: { [op]: date } }, { date, createdAt: { [op]: createdAt } }, { date, createdAt, id: { [op]: key.id } }],
  };
}

/** The rows after `key` in the list's order (list-transactions.ts `orderBy`: the field, then newest first). */
export function afterKeyWhere(sort: SortField, order: Direction, key: SortKey): Prisma.TransactionWhereInput {
  if (sort === "date") {
    const bound = { date: { [order === "asc" ? "gte" : "lte"]: dayToDate(key.day) } };
    return { AND: [bound, afterTie(key, order)] };
  }
  const op = compare(order);
  const tie = afterTie(key, "desc");
  switch (sort) {
    case "amount":
      // The amount's bound on its own too, so the index on (workspace_id, amount) can seek to it.
      return {
        AND: [
          { amount: { [op === "gt" ? "gte" : "lte"]: key.value! } },
          { OR: [{ amount: { [op]: key.value! } }, { AND: [{ amount: key.value! }, tie] }] },
        ],
      };
    case "description":
      return { OR: [{ description: { [op]: key.value! } }, { AND: [{ description: key.value! }, tie] }] };
    case "counterparty":
      // Rows without one come last in both orders.
      return key.value === null
        ? { AND: [{ counterparty: null }, tie] }
        : {
            OR: [
              { counterparty: { [op]: key.value } },
              { counterparty: null },
              { AND: [{ counterparty: key.value }, tie] },
            ],
          };
    case "category":
      // Rows without one come last ascending and first descending (PostgreSQL's order of nulls).
      if (key.value === null)
        return order === "asc"
          ? { AND: [{ categoryId: null }, tie] }
          : { OR: [{ categoryId: { not: null } }, { AND: [{ categoryId: null }, tie] }] };
      return {
        OR: [
          { category: { name: { [op]: key.value } } },
          ...(order === "asc" ? [{ categoryId: null }] : []),
          { AND: [{ category: { name: key.value } }, tie] },
        ],
      };
  }
}
