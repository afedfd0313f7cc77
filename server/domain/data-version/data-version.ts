import type { Db } from "../../db";
import type { WorkspaceContext } from "../workspace-context";

/** The workspace id under which changes shared by every workspace (FX rates) are recorded. */
const SHARED_DATA = "00000000-0000-0000-0000-000000000000";

/**
 * The version of a workspace's data as computed reads (reports, insights, balances, category
 * figures) see it. Triggers (migration report_data_versions) add a row to workspace_data_changes for
 * every statement that writes the workspace's transactions, categories, groups, recurring rules,
 * wallets, accounts, budgets (and their categories) or goals, its members' names, or any FX rate
 * (under SHARED_DATA). The version is the (sum of weight, max id) of those rows: an index look-up,
 * whatever the size of the workspace. A transaction that commits after a later-numbered one still
 * adds weight, and pruning keeps the sum, so no write goes unseen.
 */
export async function workspaceDataVersion({ db, workspace }: WorkspaceContext): Promise<string> {
  const [row] = await db.sql.query<{ version: string }>(
    `SELECT coalesce(sum(weight), 0)::text || ':' || coalesce(max(id), 0)::text AS version FROM workspace_data_changes
      WHERE workspace_id = ANY(ARRAY[$1::uuid, '${SHARED_DATA}'::uuid])`,
    [workspace.id],
  );
  return row?.version ?? "0:0";
}

/** Rows this old may be folded into the newest row of their workspace that is this old too. */
export const DATA_CHANGE_RETENTION_MS = 60 * 60 * 1000;

/**
 * Keeps workspace_data_changes small without changing any version: each workspace keeps its rows
 * of the last hour and its newest older one, which takes over the weight of the older rows deleted.
 * Rows of workspaces that no longer exist go after the same hour. Safe when several instances
 * prune at once (a row is deleted, and its weight moved, once). Returns the rows deleted.
 */
export async function pruneDataChanges(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - DATA_CHANGE_RETENTION_MS);
  const [folded] = await db.sql.query<{ deleted: number }>(
    `WITH pruned AS (
       DELETE FROM workspace_data_changes old
        WHERE old.changed_at < $1
          AND EXISTS (SELECT 1 FROM workspace_data_changes newer
                       WHERE newer.workspace_id = old.workspace_id AND newer.id > old.id AND newer.changed_at < $1)
       RETURNING old.workspace_id, old.weight
     ), moved AS (
       SELECT workspace_id, sum(weight)::int AS weight FROM pruned GROUP BY workspace_id
     ), kept AS (
       UPDATE workspace_data_changes keep SET weight = keep.weight + moved.weight
         FROM moved
        WHERE keep.workspace_id = moved.workspace_id
          AND keep.id = (SELECT max(newest.id) FROM workspace_data_changes newest
                          WHERE newest.workspace_id = moved.workspace_id AND newest.changed_at < $1)
       RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM pruned`,
    [before],
  );
  const [orphaned] = await db.sql.query<{ deleted: number }>(
    `WITH gone AS (
       DELETE FROM workspace_data_changes change
        WHERE change.changed_at < $1 AND change.workspace_id <> '${SHARED_DATA}'::uuid
          AND NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = change.workspace_id)
       RETURNING 1
     )
     SELECT count(*)::int AS deleted FROM gone`,
    [before],
  );
  return (folded?.deleted ?? 0) + (orphaned?.deleted ?? 0);
}
