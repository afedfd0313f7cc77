/**
 * Transactions written in bulk by a script (CONTRACT "Transaction writes"): created, or updated
 * by the account's `external_id`, or changed field by field; all or nothing, in the caller's
 * transaction. Every row is checked before anything is written, and a refusal names its row.
 */
import { randomUUID } from "node:crypto";
import type { PatchTransactionRow, WriteTransactionRow } from "../../routers/transactions/write-schemas";
import { recordAccountBalances } from "../accounts/balance-effects";
import { Decimal, formatMoney } from "../money/money";
import { dateToDay, dayToDate } from "../time/calendar";
import { applyTransactionChanges, type TransactionChanges } from "./edit-transaction";
import { noCategoryOnTransfers } from "./references";
import { checkKeptParts, checkParts, partsOf, replaceParts, type PartInput, type PartView } from "./parts";
import {
  accountsOf,
  categoriesNamed,
  categoriesOf,
  categoryFor,
  checkPlaces,
  rowRefusal,
  type Writer,
  type WriteResult,
} from "./bulk-write-checks";

/** Money out is an expense; zero ("-0" too) and money in are income. */
const typeOf = (amount: Decimal): "expense" | "income" =>
  amount.isNegative() && !amount.isZero() ? "expense" : "income";

/** The changes that differ from the stored row; empty when it already is so. */
function differing(stored: StoredRow, changes: TransactionChanges): TransactionChanges {
  const same: Record<keyof TransactionChanges, (value: never) => boolean> = {
    date: (value: Date) => value.getTime() === stored.date.getTime(),
    amount: (value: Decimal) => value.equals(stored.amount.toString()),
    type: (value: string) => value === stored.type,
    description: (value: string) => value === stored.description,
    counterparty: (value: string | null) => value === stored.counterparty,
    notes: (value: string | null) => value === stored.notes,
    categoryId: (value: string | null) => value === stored.categoryId,
    tags: (value: string[]) => value.length === stored.tags.length && value.every((tag, i) => tag === stored.tags[i]),
    cleared: (value: boolean) => value === stored.cleared,
    reconciled: (value: boolean) => value === stored.reconciled,
  };
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && !same[key as keyof TransactionChanges](value as never),
    ),
  ) as TransactionChanges;
}

const storedSelect = {
  id: true,
  accountId: true,
  currencyId: true,
  type: true,
  date: true,
  amount: true,
  description: true,
  counterparty: true,
  notes: true,
  categoryId: true,
  tags: true,
  cleared: true,
  reconciled: true,
  split: true,
  externalId: true,
  transferPeerId: true,
  account: { select: { currency: { select: { code: true, decimalPlaces: true } } } },
} as const;

type StoredRow = Awaited<ReturnType<typeof findStored>>[number];

function findStored({ db, workspace }: Writer, where: object) {
  return db.prisma.transaction.findMany({
    where: { workspaceId: workspace.id, ...where },
    select: storedSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** The changes a row asks for, in stored form. */
function changesOf(row: Partial<WriteTransactionRow>, categoryId: string | null | undefined): TransactionChanges {
  const amount = row.amount === undefined ? undefined : new Decimal(row.amount);
  return {
    date: row.date === undefined ? undefined : dayToDate(row.date),
    amount,
    description: row.description,
    counterparty: row.counterparty,
    notes: row.notes,
    categoryId,
    tags: row.tags,
    cleared: row.cleared,
    // An unlock comes first in the same UPDATE: the database sees the row unlocked and changed at once.
    reconciled: row.reconciled,
  };
}

/** True when `given` parts differ from the `stored` ones (amounts compared as numbers, absent as null). */
function partsDiffer(stored: readonly PartView[], given: readonly PartInput[]): boolean {
  if (stored.length !== given.length) return true;
  return given.some((part, index) => {
    const was = stored[index]!;
    const tags = part.tags ?? [];
    return (
      !new Decimal(part.amount).equals(was.amount) ||
      (part.category_id ?? null) !== was.category_id ||
      (part.notes ?? null) !== was.notes ||
      tags.length !== was.tags.length ||
      tags.some((tag, i) => tag !== was.tags[i])
    );
  });
}

/**
 * The categories the rows' parts name: 404 naming the first part of another workspace's (or none), 422
 * for an archived one unless the transaction's parts have it already.
 */
async function checkPartCategories(
  context: Writer,
  rows: ReadonlyArray<{ parts?: PartInput[] }>,
  storedParts: (index: number) => readonly PartView[],
): Promise<void> {
  const refs = rows.flatMap((row, index) =>
    (row.parts ?? []).flatMap((part, position) =>
      part.category_id ? [{ index, field: `parts.${position}.category_id`, id: part.category_id }] : [],
    ),
  );
  const categories = await categoriesNamed(context, refs);
  for (const ref of refs) {
    const category = categories.get(ref.id)!;
    if (category.archivedAt !== null && !storedParts(ref.index).some((was) => was.category_id === category.id))
      throw rowRefusal(
        "DOMAIN_CONSTRAINT_VIOLATION",
        ref.index,
        ref.field,
        `the category ${category.name} is archived`,
      );
  }
}

/** Side effects of the written rows: each transaction, then each account whose balance moved (a transfer's other side's too). */
async function report(
  context: Writer,
  written: Array<{ stored: Pick<StoredRow, "id" | "accountId">; action: "create" | "upsert" }>,
) {
  const ids = written.map(({ stored }) => stored.id);
  const found = await context.db.prisma.transaction.findMany({ where: { id: { in: ids } }, select: storedSelect });
  const byId = new Map(found.map((row) => [row.id, row]));
  // In the body's order.
  const rows = ids.map((id) => byId.get(id)!);
  // A transfer's other side followed the change: it is reported as changed too.
  const peerIds = rows.flatMap((row) =>
    row.transferPeerId && !ids.includes(row.transferPeerId) ? [row.transferPeerId] : [],
  );
  const peers = peerIds.length
    ? await context.db.prisma.transaction.findMany({ where: { id: { in: peerIds } }, select: storedSelect })
    : [];
  const actions = new Map(written.map(({ stored, action }) => [stored.id, action]));
  for (const row of [...rows, ...peers]) {
    context.sideEffects.record({
      domain: "transactions",
      id: row.id,
      action: actions.get(row.id) ?? "upsert",
      data: {
        account_id: row.accountId,
        date: dateToDay(row.date),
        amount: formatMoney(row.amount.toString(), row.account.currency.decimalPlaces),
        type: row.type,
        category_id: row.categoryId,
        external_id: row.externalId,
      },
    });
  }
  await recordAccountBalances(context, [...new Set([...rows, ...peers].map((row) => row.accountId))]);
}

/**
 * Holds each (account, external_id) of the body until the write's transaction ends, in one order,
 * so two writes naming the same one at once take turns: the second finds the first's row and
 * updates it rather than adding a second (there is no unique index: imports may book a bank's id twice).
 */
/**
 * The new rows in one INSERT from column arrays: Prisma's createMany took 180 ms for 500 rows (its
 * query building), the statement itself about 20 ms (bench:pages).
 */
interface NewRow {
  id: string;
  workspaceId: string;
  accountId: string;
  currencyId: string;
  type: "expense" | "income";
  /** YYYY-MM-DD */
  date: string;
  amount: string;
  description: string;
  counterparty: string | null;
  notes: string | null;
  categoryId: string | null;
  externalId: string | null;
  tags: string[];
  cleared: boolean;
}

async function insertRows({ db, userId }: Writer, rows: NewRow[]): Promise<void> {
  const column = <K extends keyof NewRow>(key: K) => rows.map((row) => row[key]);
  await db.sql.query(
    `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description,
                               counterparty, notes, category_id, external_id, tags, cleared, created_by_user_id, updated_at)
     SELECT r.id, r.workspace_id, r.account_id, r.currency_id, r.type::"TransactionType", r.date, r.amount, r.description,
            r.counterparty, r.notes, r.category_id, r.external_id,
            ARRAY(SELECT jsonb_array_elements_text(r.tags)), r.cleared, $13::uuid, now()
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::date[], $7::numeric[], $8::text[],
                   $9::text[], $10::text[], $11::uuid[], $12::text[], $14::jsonb[], $15::boolean[])
         AS r(id, workspace_id, account_id, currency_id, type, date, amount, description, counterparty, notes,
              category_id, external_id, tags, cleared)`,
    [
      column("id"),
      column("workspaceId"),
      column("accountId"),
      column("currencyId"),
      column("type"),
      column("date"),
      column("amount"),
      column("description"),
      column("counterparty"),
      column("notes"),
      column("categoryId"),
      column("externalId"),
      userId,
      // Arrays of arrays cannot be unnested row by row: each row's tags travel as one JSON array.
      rows.map((row) => JSON.stringify(row.tags)),
      column("cleared"),
    ],
  );
}

/**
 * The ids of the workspace's transactions with these (account, external_id) pairs: one join on the
 * index (account_id, external_id), where 500 OR'd pairs would leave the planner a scan of the workspace.
 */
async function idsOfExternal(
  { db, workspace }: Writer,
  keyed: ReadonlyArray<{ account_id: string; external_id?: string }>,
): Promise<string[]> {
  const rows = await db.sql.query<{ id: string }>(
    `SELECT t.id::text AS id FROM unnest($2::uuid[], $3::text[]) AS k(account_id, external_id)
       JOIN transactions t ON t.account_id = k.account_id AND t.external_id = k.external_id
      WHERE t.workspace_id = $1::uuid`,
    [workspace.id, keyed.map((row) => row.account_id), keyed.map((row) => row.external_id)],
  );
  return rows.map((row) => row.id);
}

async function lockExternalIds({ db }: Writer, keyed: ReadonlyArray<{ account_id: string; external_id?: string }>) {
  if (keyed.length === 0) return;
  const keys = [...new Set(keyed.map((row) => `transaction external_id ${row.account_id} ${row.external_id}`))].sort();
  await db.sql.query(
    "SELECT count(pg_advisory_xact_lock(hashtextextended(key, 0)))::int AS locked FROM unnest($1::text[]) AS key",
    [keys],
  );
}

/**
 * Creates each row, or updates the transaction its account already has with its external_id
 * (fields absent from the row stay; category_id absent keeps the category a person chose).
 */
export async function writeTransactions(context: Writer, rows: WriteTransactionRow[]): Promise<WriteResult[]> {
  const accounts = await accountsOf(context, rows);
  const categories = await categoriesOf(context, rows);
  checkPlaces(
    rows.map((row, index) => ({
      path: ["transactions", index, "amount"],
      amount: row.amount,
      ...accounts.get(row.account_id)!.currency,
    })),
  );
  const keyed = rows.filter((row) => row.external_id !== undefined);
  await lockExternalIds(context, keyed);
  const stored = keyed.length ? await findStored(context, { id: { in: await idsOfExternal(context, keyed) } }) : [];
  const existing = new Map<string, StoredRow>();
  for (const row of stored)
    existing.set(`${row.accountId} ${row.externalId}`, existing.get(`${row.accountId} ${row.externalId}`) ?? row);

  const matches = rows.map((row) =>
    row.external_id === undefined ? undefined : existing.get(`${row.account_id} ${row.external_id}`),
  );
  const storedParts = await partsOf(
    context.db,
    stored.filter((row) => row.split).map((row) => row.id),
  );
  const partsAt = (index: number) => (matches[index] ? (storedParts.get(matches[index].id) ?? []) : []);
  await checkPartCategories(context, rows, partsAt);

  const results: WriteResult[] = [];
  const created: NewRow[] = [];
  const newParts = new Map<string, PartInput[]>();
  const written: Array<{ stored: Pick<StoredRow, "id" | "accountId">; action: "create" | "upsert" }> = [];
  for (const [index, row] of rows.entries()) {
    const match = matches[index];
    const external_id = row.external_id ?? null;
    const currency = accounts.get(row.account_id)!.currency;
    if (!match) {
      const amount = new Decimal(row.amount);
      const id = randomUUID();
      if (row.parts?.length) {
        checkParts({
          path: ["transactions", index, "parts"],
          parts: row.parts,
          amount,
          currency,
          type: typeOf(amount),
          categoryId: row.category_id,
        });
        newParts.set(id, row.parts);
      }
      created.push({
        id,
        workspaceId: context.workspace.id,
        accountId: row.account_id,
        currencyId: accounts.get(row.account_id)!.currencyId,
        type: typeOf(amount),
        date: row.date,
        amount: amount.toFixed(),
        description: row.description,
        counterparty: row.counterparty ?? null,
        notes: row.notes ?? null,
        categoryId: categoryFor(categories, index, row.category_id, null) ?? null,
        externalId: external_id,
        tags: row.tags ?? [],
        cleared: row.cleared ?? false,
      });
      results.push({ id, status: "created", external_id });
      written.push({ stored: { id, accountId: row.account_id }, action: "create" });
      continue;
    }
    if (match.type === "transfer")
      throw rowRefusal(
        "DOMAIN_CONSTRAINT_VIOLATION",
        index,
        "external_id",
        "names one side of a transfer, which this write does not change",
      );
    const changes = changesOf(row, categoryFor(categories, index, row.category_id, match.categoryId));
    changes.type = typeOf(changes.amount!);
    const partsChanged = await writeParts(context, index, match, row.parts, changes, partsAt(index), currency);
    const changed = differing(match, changes);
    if (Object.keys(changed).length === 0 && !partsChanged) {
      results.push({ id: match.id, status: "unchanged", external_id });
      continue;
    }
    await applyTransactionChanges(context.db, match, changed);
    results.push({ id: match.id, status: "updated", external_id });
    written.push({ stored: match, action: "upsert" });
  }
  if (created.length > 0) await insertRows(context, created);
  await replaceParts(context.db, context.workspace.id, newParts);
  await report(context, written);
  return results;
}

/**
 * A row's parts, checked against the transaction's amount after the write and written when they
 * differ from the stored ones (before the row's own changes: an unsplit transaction may take a
 * category in the same write); without parts, the stored ones must still fit. True when written.
 */
async function writeParts(
  context: Writer,
  index: number,
  stored: StoredRow,
  parts: PartInput[] | undefined,
  changes: TransactionChanges,
  storedParts: readonly PartView[],
  currency: { code: string; decimalPlaces: number },
): Promise<boolean> {
  const path = ["transactions", index, "parts"];
  if (parts === undefined) {
    checkKeptParts(path, stored, changes, currency);
    return false;
  }
  checkParts({
    path,
    parts,
    amount: changes.amount ?? new Decimal(stored.amount.toString()),
    currency,
    type: stored.type,
    categoryId: changes.categoryId,
  });
  if (!partsDiffer(storedParts, parts)) return false;
  await replaceParts(context.db, context.workspace.id, new Map([[stored.id, parts]]));
  return true;
}

/** Changes each named transaction's given fields; a transfer keeps its direction, takes no category, and its other side follows. */
export async function patchTransactions(context: Writer, rows: PatchTransactionRow[]): Promise<WriteResult[]> {
  const stored = new Map(
    (await findStored(context, { id: { in: rows.map((row) => row.id) } })).map((row) => [row.id, row]),
  );
  const missing = rows.findIndex((row) => !stored.has(row.id));
  if (missing >= 0)
    throw rowRefusal(
      "RESOURCE_NOT_FOUND",
      missing,
      "id",
      "no transaction with this id exists in the token's workspace",
    );
  // A transfer's other side follows the side changed (its date, description, notes and amount): both
  // in one body changing those would answer one of them wrongly. Each side's own fields (tags, the
  // cleared mark) may be changed on both at once: a bulk tag of the chosen rows.
  const following = (row: PatchTransactionRow) =>
    row.date !== undefined || row.description !== undefined || row.notes !== undefined || row.amount !== undefined;
  const named = new Map(rows.map((row) => [row.id, row]));
  const bothSides = rows.findIndex((row) => {
    const peer = named.get(stored.get(row.id)!.transferPeerId ?? "");
    return peer !== undefined && (following(row) || following(peer));
  });
  if (bothSides >= 0)
    throw rowRefusal(
      "DOMAIN_CONSTRAINT_VIOLATION",
      bothSides,
      "id",
      "the other side of this transfer is in the body too; change one side, the other follows",
    );
  const categories = await categoriesOf(context, rows);
  checkPlaces(
    rows.map((row, index) => ({
      path: ["transactions", index, "amount"],
      amount: row.amount,
      ...stored.get(row.id)!.account.currency,
    })),
  );
  const storedParts = await partsOf(
    context.db,
    [...stored.values()].filter((row) => row.split).map((row) => row.id),
  );
  const partsAt = (index: number) => storedParts.get(rows[index]!.id) ?? [];
  await checkPartCategories(context, rows, partsAt);

  const results: WriteResult[] = [];
  const written: Array<{ stored: StoredRow; action: "upsert" }> = [];
  for (const [index, row] of rows.entries()) {
    const current = stored.get(row.id)!;
    const changes = changesOf(row, categoryFor(categories, index, row.category_id, current.categoryId));
    if (current.type === "transfer") {
      if (changes.categoryId)
        throw rowRefusal("DOMAIN_CONSTRAINT_VIOLATION", index, "category_id", noCategoryOnTransfers().message);
      if (changes.amount && !changes.amount.isZero() && changes.amount.isNegative() !== current.amount.isNegative())
        throw rowRefusal(
          "DOMAIN_CONSTRAINT_VIOLATION",
          index,
          "amount",
          "a transfer keeps its direction: give the amount with the sign it has",
        );
    } else if (changes.amount) {
      changes.type = typeOf(changes.amount);
    }
    const currency = current.account.currency;
    const partsChanged = await writeParts(context, index, current, row.parts, changes, partsAt(index), currency);
    const changed = differing(current, changes);
    if (Object.keys(changed).length === 0 && !partsChanged) {
      results.push({ id: current.id, status: "unchanged", external_id: current.externalId });
      continue;
    }
    await applyTransactionChanges(context.db, current, changed);
    results.push({ id: current.id, status: "updated", external_id: current.externalId });
    written.push({ stored: current, action: "upsert" });
  }
  await report(context, written);
  return results;
}
