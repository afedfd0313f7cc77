/**
 * Running tallies of each account's transactions by category and type (migration transaction_tallies):
 * how many and the sum of their amounts, appended by statement triggers. A list's total under
 * account, category and type filters and an account's balance read these instead of every row.
 */
import type { Db } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import type { ListTransactionsInput } from "../../routers/transactions/schemas";
import { categoryAndTypeWhere } from "./uncategorised";

type TallyFilters = Pick<
  ListTransactionsInput,
  "account_id" | "category_id" | "type" | "from" | "to" | "search" | "amount_min" | "amount_max" | "import_id" | "tag"
>;

/**
 * How many of the workspace's transactions match the filters, from the tallies; null when a filter
 * needs the rows themselves (dates, text, amounts, an import, a tag), for the caller to count them.
 */
export async function tallyCount(db: Db, workspaceId: string, filters: TallyFilters): Promise<number | null> {
  if (
    filters.from ||
    filters.to ||
    filters.search ||
    filters.amount_min ||
    filters.amount_max ||
    filters.import_id ||
    filters.tag
  )
    return null;
  // Tallies know a split transaction by its own (empty) category, not its parts': count the rows instead.
  if (
    filters.category_id &&
    (await db.prisma.transactionPart.findFirst({ where: { workspaceId }, select: { id: true } }))
  )
    return null;
  // The list's own filter (filterWhere), on the tallies.
  const where: Prisma.TransactionTallyWhereInput = { workspaceId, ...categoryAndTypeWhere(filters) };
  if (filters.account_id) where.accountId = filters.account_id;
  const { _sum } = await db.prisma.transactionTally.aggregate({ where, _sum: { rows: true } });
  return Number(_sum.rows ?? 0);
}

/**
 * Folds each workspace's tallies into one row per (account, category, type) and drops the groups
 * that sum to nothing (an account that is gone) and those of workspaces that are gone. Rows written
 * meanwhile are not in the statement's snapshot and stay as they are, so a reader always sees the
 * same sums. Returns the rows folded away.
 */
export async function foldTallies(db: Db): Promise<number> {
  const [folded] = await db.sql.query<{ deleted: number; kept: number }>(
    `WITH refolded AS (
       SELECT workspace_id FROM transaction_tallies
        GROUP BY workspace_id, account_id, category_id, type HAVING count(*) > 1
       UNION
       SELECT t.workspace_id FROM transaction_tallies t
        WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = t.workspace_id)
     ), gone AS (
       DELETE FROM transaction_tallies t WHERE t.workspace_id IN (SELECT workspace_id FROM refolded)
       RETURNING t.workspace_id, t.account_id, t.category_id, t.type, t.rows, t.amount
     ), kept AS (
       INSERT INTO transaction_tallies (workspace_id, account_id, category_id, type, rows, amount)
       SELECT workspace_id, account_id, category_id, type, sum(rows), sum(amount) FROM gone
        WHERE EXISTS (SELECT 1 FROM workspaces w WHERE w.id = gone.workspace_id)
        GROUP BY workspace_id, account_id, category_id, type
       HAVING sum(rows) <> 0 OR sum(amount) <> 0
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT count(*) FROM kept)::int AS kept`,
  );
  return folded!.deleted - folded!.kept;
}
