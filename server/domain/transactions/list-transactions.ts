import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import type { ListTransactionsInput } from "../../routers/transactions/schemas";
import { runningBalances } from "../accounts/balances";
import { accountName } from "../accounts/list-accounts";
import { formatMoney, type Decimal } from "../money/money";
import { dateToDay, dayToDate } from "../time/calendar";
import type { Db } from "../../db";
import type { WorkspaceContext } from "../workspace-context";
import { categoryAndTypeWhere } from "./uncategorised";
import { afterKeyWhere, decodeCursor, encodeCursor, sortKeyOf } from "./transaction-cursor";
import { paginationConflict } from "../pagination";
import { tallyCount } from "./tallies";
import { partsOf, type PartView } from "./parts";

const accountInclude = {
  currency: true,
  wallet: { select: { id: true, name: true, _count: { select: { accounts: true } } } },
} as const;

/** A transaction with what its item shows of its links and parts (as withLinks reads them). */
type Row = Prisma.TransactionGetPayload<{
  include: {
    account: { include: typeof accountInclude };
    category: { select: { name: true; accentColor: true; archivedAt: true } };
    foreignCurrency: true;
    transferPeer: { select: { id: true; account: { include: typeof accountInclude } } };
  };
}> & { parts: PartView[] };
type AccountRow = Row["account"];
type Stored = Prisma.TransactionGetPayload<object>;

/**
 * The rows with what an item shows of their account, category, foreign currency and transfer
 * peer, read in one round of parallel queries (Prisma's includes read them one level after the other:
 * about 15 ms for 100 rows at any size of the workspace, bench:pages).
 */
async function withLinks(db: Db, rows: Stored[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const peerIds = [...new Set(rows.flatMap((row) => (row.transferPeerId ? [row.transferPeerId] : [])))];
  const peers = peerIds.length
    ? await db.prisma.transaction.findMany({ where: { id: { in: peerIds } }, select: { id: true, accountId: true } })
    : [];
  const accountIds = [...new Set([...rows.map((row) => row.accountId), ...peers.map((peer) => peer.accountId)])];
  const categoryIds = [...new Set(rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])))];
  const foreignIds = [...new Set(rows.flatMap((row) => (row.foreignCurrencyId ? [row.foreignCurrencyId] : [])))];
  const [accounts, categories, foreign] = await Promise.all([
    db.prisma.account.findMany({ where: { id: { in: accountIds } }, include: accountInclude }),
    categoryIds.length
      ? db.prisma.category.findMany({
          where: { id: { in: categoryIds } },
          select: { id: true, name: true, accentColor: true, archivedAt: true },
        })
      : [],
    foreignIds.length ? db.prisma.currency.findMany({ where: { id: { in: foreignIds } } }) : [],
  ]);
  const accountOf = new Map(accounts.map((account) => [account.id, account]));
  const categoryOf = new Map(categories.map(({ id, ...category }) => [id, category]));
  const currencyOf = new Map(foreign.map((currency) => [currency.id, currency]));
  const peerOf = new Map(peers.map((peer) => [peer.id, { id: peer.id, account: accountOf.get(peer.accountId)! }]));
  const parts = await partsOf(
    db,
    rows.filter((row) => row.split).map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    parts: parts.get(row.id) ?? [],
    account: accountOf.get(row.accountId)!,
    category: row.categoryId ? (categoryOf.get(row.categoryId) ?? null) : null,
    foreignCurrency: row.foreignCurrencyId ? (currencyOf.get(row.foreignCurrencyId) ?? null) : null,
    transferPeer: row.transferPeerId ? (peerOf.get(row.transferPeerId) ?? null) : null,
  }));
}

export interface TransactionListItem {
  id: string;
  date: string;
  type: "expense" | "income" | "transfer";
  /** Signed from the account's view (money out is negative), with the currency's places. */
  amount: string;
  currency_code: string;
  account_id: string;
  account_name: string;
  wallet_id: string;
  category_id: string | null;
  category_name: string | null;
  category_color: string | null;
  category_archived: boolean;
  description: string;
  counterparty: string | null;
  notes: string | null;
  tags: string[];
  foreign_amount: string | null;
  foreign_currency_code: string | null;
  transfer_peer_id: string | null;
  peer_account_id: string | null;
  peer_account_name: string | null;
  external_id: string | null;
  parts: PartView[];
  cleared: boolean;
  reconciled: boolean;
  /** The account's balance after it, in booking order: only in a list of one account (accounts/balances.ts). */
  running_balance: string | null;
  created_at: string;
  updated_at: string;
}

const nameOf = (account: AccountRow) =>
  accountName(account.wallet.name, account.wallet._count.accounts, account.currency.code.trim());

function filterWhere(workspaceId: string, input: ListTransactionsInput): Prisma.TransactionWhereInput {
  const { categoryId, ...type } = categoryAndTypeWhere(input);
  const where: Prisma.TransactionWhereInput = { workspaceId, ...type };
  // A split transaction is listed under each of its parts' categories (uncategorised: a part without one).
  if (categoryId !== undefined)
    where.OR = [
      { categoryId, split: false },
      { split: true, parts: { some: { categoryId } } },
    ];
  if (input.account_id) where.accountId = input.account_id;
  if (input.import_id) where.importJobId = input.import_id;
  if (input.from || input.to) {
    where.date = {
      ...(input.from ? { gte: dayToDate(input.from) } : {}),
      ...(input.to ? { lte: dayToDate(input.to) } : {}),
    };
  }
  const and: Prisma.TransactionWhereInput[] = [];
  if (input.search) {
    const amount = searchedAmount(input.search);
    // Prisma passes the text as a parameter but not LIKE's wildcards as literals: "%" or "_" typed mean themselves.
    const text = input.search.replace(/[\\%_]/g, "\\$&");
    and.push({
      OR: [
        { description: { contains: text, mode: "insensitive" } },
        { counterparty: { contains: text, mode: "insensitive" } },
        ...(amount ? [{ amount: { in: [amount, `-${amount}`] } }] : []),
      ],
    });
  }
  if (input.amount_min || input.amount_max) and.push(magnitudeWhere(input.amount_min, input.amount_max));
  // A tag on the transaction, or on one of its parts (as the reports' tag filter counts them).
  if (input.tag) and.push({ OR: [{ tags: { has: input.tag } }, { parts: { some: { tags: { has: input.tag } } } }] });
  if (and.length > 0) where.AND = and;
  return where;
}

/** "12.50", "-12,50" or "12" typed as a search: the amount it names, without sign; null for other text. */
function searchedAmount(search: string): string | null {
  const match = /^[-+\u2212]?(\d{1,15})(?:[.,](\d{1,4}))?$/.exec(search);
  if (!match) return null;
  return match[2] ? `${match[1]}.${match[2]}` : match[1]!;
}

/** Amounts whose size (ignoring the sign) lies within the bounds: money in and money out alike. */
function magnitudeWhere(min: string | undefined, max: string | undefined): Prisma.TransactionWhereInput {
  if (!min) return { amount: { gte: `-${max}`, lte: max } };
  return {
    OR: [
      { amount: { gte: min, ...(max ? { lte: max } : {}) } },
      { amount: { lte: `-${min}`, ...(max ? { gte: `-${max}` } : {}) } },
    ],
  };
}

type SortField = NonNullable<ListTransactionsInput["sort"]>;
type Direction = Prisma.SortOrder;

/** Newest first: the order of the list, and what breaks ties of every other order, so pages never overlap. */
const NEWEST_FIRST: Prisma.TransactionOrderByWithRelationInput[] = [
  { date: "desc" },
  { createdAt: "desc" },
  { id: "desc" },
];

function orderBy(sort: SortField, direction: Direction): Prisma.TransactionOrderByWithRelationInput[] {
  switch (sort) {
    case "date":
      return [{ date: direction }, { createdAt: direction }, { id: direction }];
    case "amount":
      return [{ amount: direction }, ...NEWEST_FIRST];
    case "description":
      return [{ description: direction }, ...NEWEST_FIRST];
    case "counterparty":
      return [{ counterparty: { sort: direction, nulls: "last" } }, ...NEWEST_FIRST];
    case "category":
      return [{ category: { name: direction } }, ...NEWEST_FIRST];
  }
}

function toItem(row: Row): TransactionListItem {
  const places = row.account.currency.decimalPlaces;
  const peer = row.transferPeer;
  return {
    id: row.id,
    date: dateToDay(row.date),
    type: row.type,
    amount: formatMoney(row.amount.toString(), places),
    currency_code: row.account.currency.code.trim(),
    account_id: row.accountId,
    account_name: nameOf(row.account),
    wallet_id: row.account.wallet.id,
    category_id: row.categoryId,
    category_name: row.category?.name ?? null,
    category_color: row.category?.accentColor ?? null,
    category_archived: row.category ? row.category.archivedAt !== null : false,
    description: row.description,
    counterparty: row.counterparty,
    notes: row.notes,
    tags: row.tags,
    foreign_amount:
      row.foreignAmount === null || row.foreignCurrency === null
        ? null
        : formatMoney(row.foreignAmount.toString(), row.foreignCurrency.decimalPlaces),
    foreign_currency_code: row.foreignCurrency?.code.trim() ?? null,
    transfer_peer_id: peer?.id ?? null,
    peer_account_id: peer?.account.id ?? null,
    peer_account_name: peer ? nameOf(peer.account) : null,
    external_id: row.externalId,
    parts: row.parts,
    cleared: row.cleared,
    reconciled: row.reconciled,
    running_balance: null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The workspace's transactions, newest first (date, then entry time) unless another order is
 * asked, filtered by account, category (or "uncategorised"), type, a date range, the amount's
 * size and text in description or counterparty (or an amount typed as the search).
 * An account or category of another workspace matches nothing. Paged by page (with the total) or
 * by cursor (transaction-cursor.ts); both answer the cursor of the next page. A list of one account
 * carries each row's running balance unless `runningBalances` is false (the export has no column for it).
 */
export async function listTransactions(
  { db, workspace }: WorkspaceContext,
  input: ListTransactionsInput,
  { runningBalances: withBalances = true }: { runningBalances?: boolean } = {},
): Promise<{ items: TransactionListItem[]; total: number | null; nextCursor: string | null }> {
  const cursorMode = input.cursor !== undefined || input.pagination === "cursor";
  if (input.page !== undefined && cursorMode) throw paginationConflict();
  if (input.pagination === "page" && input.cursor !== undefined) throw paginationConflict();
  const sort = input.sort ?? "date";
  const direction = input.order ?? (sort === "date" ? "desc" : "asc");
  const where = filterWhere(workspace.id, input);
  const paged =
    input.cursor === undefined
      ? where
      : { AND: [where, afterKeyWhere(sort, direction, decodeCursor(input, input.cursor))] };
  const page = input.page ?? 1;
  const [found, total] = await Promise.all([
    db.prisma.transaction.findMany({
      where: paged,
      orderBy: orderBy(sort, direction),
      skip: input.cursor === undefined ? (page - 1) * input.limit : 0,
      // One more than the page: whether a next page exists, without counting.
      take: input.limit + 1,
    }),
    cursorMode ? null : countTransactions(db, workspace.id, input, where),
  ]);
  const items = await withLinks(db, found.slice(0, input.limit));
  const last = items.at(-1);
  const nextCursor = found.length > input.limit && last ? encodeCursor(input, sortKeyOf(sort, last)) : null;
  // One account's list reads as its statement: each row with the balance after it.
  const running =
    input.account_id && withBalances
      ? await runningBalances(
          db,
          input.account_id,
          items.map((row) => row.id),
        )
      : new Map<string, Decimal>();
  return {
    items: items.map((row) => {
      const balance = running.get(row.id);
      const item = toItem(row);
      return balance ? { ...item, running_balance: formatMoney(balance, row.account.currency.decimalPlaces) } : item;
    }),
    total,
    nextCursor,
  };
}

/** Page mode's total: from the running tallies when the filters allow, else a count of the rows. */
async function countTransactions(
  db: Db,
  workspaceId: string,
  input: ListTransactionsInput,
  where: Prisma.TransactionWhereInput,
): Promise<number> {
  return (await tallyCount(db, workspaceId, input)) ?? (await db.prisma.transaction.count({ where }));
}

/** How many transactions match the list's filters (the total page mode answers). */
export async function countMatching(
  { db, workspace }: WorkspaceContext,
  input: ListTransactionsInput,
): Promise<number> {
  return countTransactions(db, workspace.id, input, filterWhere(workspace.id, input));
}

/** The workspace's transactions of `ids` as the list shows them (ids of other workspaces or gone are left out). */
export async function transactionsByIds(
  { db, workspace }: WorkspaceContext,
  ids: string[],
): Promise<TransactionListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.prisma.transaction.findMany({ where: { workspaceId: workspace.id, id: { in: ids } } });
  return (await withLinks(db, rows)).map(toItem);
}

/** One transaction of the workspace as the list shows it, or 404 (another workspace's too). */
export async function getTransaction({ db, workspace }: WorkspaceContext, id: string): Promise<TransactionListItem> {
  const [row] = await withLinks(
    db,
    await db.prisma.transaction.findMany({ where: { id, workspaceId: workspace.id }, take: 1 }),
  );
  if (!row) throw new AppError("RESOURCE_NOT_FOUND", "No transaction with this id exists in the token's workspace.");
  return toItem(row);
}
