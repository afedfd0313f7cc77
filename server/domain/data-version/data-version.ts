import type { Database, SqlExecutor } from "../../db";

/** The workspace id under which changes shared by every workspace (FX rates) are recorded. */
export const SHARED_DATA = "00000000-0000-0000-0000-000000000000";

/**
 * The version of a workspace's data as computed reads (reports, insights, balances, category
 * figures) see it. Triggers (migration report_data_versions) add a row to workspace_data_changes for
 * every statement that writes the workspace's transactions, categories, recurring rules, wallets,
 * accounts, budgets (and their categories) or goals, its members' names, or any FX rate (under
 * SHARED_DATA). The version is the (count, max id) of those rows: an index look-up, whatever the
 * size of the workspace. A transaction that commits after a later-numbered one still changes the
 * count, so no write goes unseen.
 */
export async function workspaceDataVersion(sql: SqlExecutor, workspaceId: string): Promise<string> {
  const [row] = await sql.query<{ version: string }>(
    `SELECT count(*)::text || ':' || coalesce(max(id), 0)::text AS version FROM workspace_data_changes
      WHERE workspace_id = ANY(ARRAY[$1::uuid, '${SHARED_DATA}'::uuid])`,
    [workspaceId],
  );
  return row?.version ?? "0:0";
}

/** Rows this old may go once a newer one, itself this old, exists for the same workspace. */
export const DATA_CHANGE_RETENTION_MS = 60 * 60 * 1000;

/**
 * Deletes the change rows no cached result can still depend on: each workspace keeps its rows of
 * the last hour and its newest older one. Results are cached for at most ten minutes, so a version
 * taken before a deletion is never mistaken for one after it (for that a transaction would have to
 * stay open for the whole hour). Returns the number of rows deleted.
 */
export async function pruneDataChanges(db: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DATA_CHANGE_RETENTION_MS);
  const rows = await db.sql.query<{ deleted: number }>(
    `WITH pruned AS (
       DELETE FROM workspace_data_changes old
        WHERE old.changed_at < $1
          AND EXISTS (SELECT 1 FROM workspace_data_changes newer
                       WHERE newer.workspace_id = old.workspace_id AND newer.id > old.id AND newer.changed_at < $1)
       RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM pruned`,
    [before],
  );
  return rows[0]?.deleted ?? 0;
}
