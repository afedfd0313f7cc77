import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { WorkspaceContext } from "../workspace-context";

/** How long a deleted transaction can be put back (the dashboard's Undo). */
const RESTORE_WINDOW_MINUTES = 15;

/** Columns added since rows were first kept (migrations reconciliation, transaction_parts), all false by default. */
const NOT_NULL_FLAGS = ["cleared", "reconciled", "split"];

/** Links whose foreign key is ON DELETE SET NULL: a row put back links only what still exists in its workspace. */
const NULLABLE_LINKS: Record<string, string> = {
  category_id: "categories",
  import_job_id: "import_jobs",
  recurring_rule_id: "recurring_rules",
  template_id: "transaction_templates",
};

/**
 * Deletes the transactions (ids of the workspace, peers already included) in the caller's database
 * transaction, keeping each whole row for restoreDeletedTransactions. Expired copies of the
 * workspace go first (maintenance purges those of workspaces that delete nothing more).
 */
export async function deleteWithUndo(
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  ids: string[],
): Promise<void> {
  await db.prisma.$executeRaw`
    DELETE FROM deleted_transactions
     WHERE workspace_id = ${workspace.id}::uuid AND deleted_at < now() - make_interval(mins => ${RESTORE_WINDOW_MINUTES}::int)`;
  await db.prisma.$executeRaw`
    INSERT INTO deleted_transactions (id, workspace_id, deleted_by_user_id, row)
    SELECT t.id, t.workspace_id, ${userId ?? null}::uuid,
           -- A split transaction's parts travel with it (a key that is no column: jsonb_populate_record skips it).
           to_jsonb(t) || jsonb_build_object('parts', COALESCE((SELECT jsonb_agg(to_jsonb(p) ORDER BY p.position)
                                                                 FROM transaction_parts p WHERE p.transaction_id = t.id), '[]'))
      FROM transactions t
     WHERE t.workspace_id = ${workspace.id}::uuid AND t.id = ANY(${ids}::uuid[])
    ON CONFLICT (id) DO UPDATE
      SET workspace_id = EXCLUDED.workspace_id, deleted_by_user_id = EXCLUDED.deleted_by_user_id, deleted_at = EXCLUDED.deleted_at, row = EXCLUDED.row`;
  await db.prisma.transaction.deleteMany({ where: { workspaceId: workspace.id, id: { in: ids } } });
}

/** Expired copies of every workspace (maintenance). */
export async function purgeDeletedTransactions(db: Db, now: Date): Promise<number> {
  const { count } = await db.prisma.deletedTransaction.deleteMany({
    where: { deletedAt: { lt: new Date(now.getTime() - RESTORE_WINDOW_MINUTES * 60_000) } },
  });
  return count;
}

interface KeptRow {
  id: string;
  fresh: boolean;
  account_exists: boolean;
  exists_again: boolean;
}

/** The writable columns of transactions (not description_pattern, which the database computes). */
async function writableColumns(tx: Db): Promise<string[]> {
  const rows = await tx.prisma.$queryRaw<{ name: string }[]>`
    SELECT column_name::text AS name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'transactions' AND is_generated = 'NEVER'
     ORDER BY ordinal_position`;
  return rows.map((row) => row.name);
}

/** What each column is put back as: the row's own value; links to what is gone are null, the transfer link comes after. */
function restoredValue(column: string): string {
  const quoted = `r."${column.replaceAll('"', '""')}"`;
  if (column === "transfer_peer_id") return "NULL";
  // Put back by this transaction: a client's next "since" read sees the row again.
  if (column === "change_xid") return "pg_current_xact_id()";
  // A row kept before these columns existed (an Undo right after an upgrade) has none: their defaults.
  if (NOT_NULL_FLAGS.includes(column)) return `COALESCE(${quoted}, false)`;
  const table = NULLABLE_LINKS[column];
  return table ? `(SELECT l.id FROM ${table} l WHERE l.id = ${quoted} AND l.workspace_id = r.workspace_id)` : quoted;
}

/**
 * Undo of a delete: puts the deleted transactions back exactly as they were (id, entry and change
 * times, account, import, recurring rule, template, external id, tags, parts, transfer link), a
 * transfer's other side with it, within 15 minutes, all or nothing. A category, import, rule or
 * template deleted meanwhile comes back as none (as its foreign key would have done); a row whose
 * account is gone refuses the whole restore.
 */
export async function restoreDeletedTransactions(
  { db, workspace }: WorkspaceContext,
  input: { ids: string[] },
): Promise<{ restored: string[] }> {
  const chosen = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    // Locked: a second Undo of the same rows waits for the first, then finds them gone.
    const kept = await tx.prisma.$queryRaw<KeptRow[]>`
      SELECT d.id::text AS id,
             d.deleted_at >= now() - make_interval(mins => ${RESTORE_WINDOW_MINUTES}::int) AS fresh,
             EXISTS (SELECT 1 FROM accounts a WHERE a.id = (d.row->>'account_id')::uuid AND a.workspace_id = d.workspace_id) AS account_exists,
             EXISTS (SELECT 1 FROM transactions t WHERE t.id = d.id) AS exists_again
        FROM deleted_transactions d
       WHERE d.workspace_id = ${workspace.id}::uuid
         AND (d.id = ANY(${chosen}::uuid[]) OR (d.row->>'transfer_peer_id')::uuid = ANY(${chosen}::uuid[]))
         FOR UPDATE OF d`;
    const fresh = new Set(kept.filter((row) => row.fresh).map((row) => row.id));
    const gone =
      chosen.filter((id) => !fresh.has(id)).length +
      kept.filter((row) => !row.fresh && !chosen.includes(row.id)).length;
    if (gone > 0) {
      throw new AppError(
        "RESOURCE_NOT_FOUND",
        `${gone === chosen.length ? (gone === 1 ? "This transaction" : "These transactions") : `${gone} of the ${chosen.length} chosen transactions`} can no longer be restored: ` +
          `Undo lasts ${RESTORE_WINDOW_MINUTES} minutes after a delete, and a restored transaction is not restored twice. Nothing was restored.`,
      );
    }
    const orphans = kept.filter((row) => !row.account_exists).length;
    if (orphans > 0) {
      const what = kept.length === 1 ? "this transaction" : "these transactions";
      throw new AppError(
        "RESOURCE_NOT_FOUND",
        `The account of ${orphans === kept.length ? what : `${orphans} of ${what}`} has been deleted meanwhile, so ${what} cannot be put back. Nothing was restored.`,
      );
    }
    if (kept.some((row) => row.exists_again)) throw alreadyBack();

    const ids = kept.map((row) => row.id);
    const columns = await writableColumns(tx);
    const inserted = await tx.prisma.$executeRawUnsafe(
      `INSERT INTO transactions (${columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(", ")})
       SELECT ${columns.map(restoredValue).join(", ")}
         FROM deleted_transactions d CROSS JOIN LATERAL jsonb_populate_record(NULL::transactions, d.row) r
        WHERE d.workspace_id = $1::uuid AND d.id = ANY($2::uuid[])
       ON CONFLICT (id) DO NOTHING`,
      workspace.id,
      ids,
    );
    if (inserted !== ids.length) throw alreadyBack();
    // The parts of split ones, with their ids; a category deleted meanwhile comes back as none.
    await tx.prisma.$executeRaw`
      INSERT INTO transaction_parts (id, workspace_id, transaction_id, position, amount, category_id, notes, tags,
                                     account_id, currency_id, type, date)
      SELECT p.id, p.workspace_id, p.transaction_id, p.position, p.amount,
             (SELECT c.id FROM categories c WHERE c.id = p.category_id AND c.workspace_id = p.workspace_id),
             p.notes, p.tags, p.account_id, p.currency_id, p.type, p.date
        FROM deleted_transactions d
       CROSS JOIN LATERAL jsonb_populate_recordset(NULL::transaction_parts, CASE WHEN jsonb_typeof(d.row->'parts') = 'array' THEN d.row->'parts' ELSE '[]' END) p
       WHERE d.workspace_id = ${workspace.id}::uuid AND d.id = ANY(${ids}::uuid[])`;
    // Both sides exist now, so each can point at the other again; the rows stay as they were, updated_at too.
    await tx.prisma.$queryRaw`SELECT set_config('pfa.keep_updated_at', 'on', true)`;
    await tx.prisma.$executeRaw`
      UPDATE transactions t SET transfer_peer_id = (d.row->>'transfer_peer_id')::uuid
        FROM deleted_transactions d
       WHERE d.id = t.id AND d.workspace_id = ${workspace.id}::uuid AND t.workspace_id = ${workspace.id}::uuid
         AND d.id = ANY(${ids}::uuid[]) AND (d.row->>'transfer_peer_id')::uuid = ANY(${ids}::uuid[])`;
    await tx.prisma.$queryRaw`SELECT set_config('pfa.keep_updated_at', 'off', true)`;
    await tx.prisma
      .$executeRaw`DELETE FROM deleted_transactions WHERE workspace_id = ${workspace.id}::uuid AND id = ANY(${ids}::uuid[])`;
    return { restored: ids };
  });
}

function alreadyBack(): AppError {
  return new AppError(
    "DOMAIN_CONSTRAINT_VIOLATION",
    "These transactions are already back in your workspace; nothing was restored twice.",
  );
}
