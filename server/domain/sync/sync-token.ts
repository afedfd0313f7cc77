import type { Db } from "../../db";
import { AppError } from "../../errors";

/** The lists a client can keep a copy of with `since` (their table names, as sync_deletions records them). */
export type SyncedResource =
  | "transactions"
  | "categories"
  | "accounts"
  | "wallets"
  | "budgets"
  | "goals"
  | "recurring_rules"
  | "transaction_templates"
  | "categorisation_rules";

/** Deleted rows are remembered this long; a token that needs an older one is 410. */
const SYNC_DELETIONS_KEPT_DAYS = 90;

const TOKEN_VERSION = 1;
const XID = /^[1-9][0-9]{0,18}$/;

function notAToken(field: string): AppError {
  return new AppError("VALIDATION_FAILED", `Validation failed: ${field}: not a token this API returned`, {}, [
    { path: [field], code: "invalid_sync_token", message: "not a token this API returned" },
  ]);
}

/**
 * The token a list's answer hands out as meta.server_knowledge, read before the answer's rows.
 *
 * It is a database transaction id: every change the answer may not include was made by a
 * transaction still running (or not begun) when it was read, whose id is at least the snapshot's
 * xmin, so a delta "from the token on" (change_xid >= token) includes every such change however
 * late it commits. Rows already sent can come again; none is skipped. The token is the lower of
 * xmin and one past the newest change of the list, so it stays the same while the list does not
 * change (and the answer's ETag with it).
 */
export async function serverKnowledge(db: Db, workspaceId: string, resource: SyncedResource): Promise<string> {
  const [row] = await db.sql.query<{ xmin: string; newest: string | null; purged: string | null }>(
    `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
            greatest((SELECT max(change_xid) FROM ${resource} WHERE workspace_id = $1::uuid),
                     (SELECT max(change_xid) FROM sync_deletions WHERE workspace_id = $1::uuid AND resource = $2),
                     (SELECT max(change_xid) FROM sync_touches WHERE workspace_id = $1::uuid AND resource = $2))::text AS newest,
            (SELECT purged_through FROM sync_purges WHERE workspace_id = $1::uuid AND resource = $2)::text AS purged`,
    [workspaceId, resource],
  );
  const xmin = BigInt(row!.xmin);
  const purged = row!.purged === null ? 0n : BigInt(row!.purged);
  const newest = row!.newest === null ? purged : BigInt(row!.newest) > purged ? BigInt(row!.newest) : purged;
  const token = newest + 1n < xmin ? newest + 1n : xmin;
  // Never at or below what maintenance purged (it would be 410 at once): only a transaction running
  // since before the purged deletions (90 days) could then commit below the token.
  return encodeToken(resource, token > purged ? token : purged + 1n);
}

function encodeToken(resource: SyncedResource, xid: bigint): string {
  return Buffer.from(JSON.stringify([TOKEN_VERSION, resource, xid.toString()]), "utf8").toString("base64url");
}

/** The transaction id inside a token of `resource`, or 400 naming `field`. */
export function tokenXid(token: string, resource: SyncedResource, field = "since"): string {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw notAToken(field);
  }
  if (
    !Array.isArray(value) ||
    value.length !== 3 ||
    value[0] !== TOKEN_VERSION ||
    value[1] !== resource ||
    typeof value[2] !== "string" ||
    !XID.test(value[2]) ||
    encodeToken(resource, BigInt(value[2])) !== token
  ) {
    throw notAToken(field);
  }
  return value[2];
}

/**
 * The `since` token checked against the database: 400 for one from the future (no answer handed it
 * out), 410 SYNC_TOKEN_EXPIRED when deletions it would need have been purged.
 */
export async function checkedSince(
  db: Db,
  workspaceId: string,
  resource: SyncedResource,
  xid: string,
  field = "since",
): Promise<void> {
  const [row] = await db.sql.query<{ future: boolean; expired: boolean }>(
    `SELECT $1::xid8 > pg_snapshot_xmax(pg_current_snapshot()) AS future,
            EXISTS (SELECT 1 FROM sync_purges
                     WHERE workspace_id = $2::uuid AND resource = $3 AND purged_through >= $1::xid8) AS expired`,
    [xid, workspaceId, resource],
  );
  if (row!.future) throw notAToken(field);
  if (row!.expired) {
    throw new AppError(
      "SYNC_TOKEN_EXPIRED",
      `This token is older than the deletions this service keeps (${SYNC_DELETIONS_KEPT_DAYS} days): read the list in full ` +
        "without since, replace your copy with it, and go on from that answer's meta.server_knowledge.",
    );
  }
}

/** Maintenance: forgets deletions and touches older than the kept days, remembering per workspace and list how far. */
export async function purgeSyncDeletions(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SYNC_DELETIONS_KEPT_DAYS * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    await tx.sql.query(
      `INSERT INTO sync_purges (workspace_id, resource, purged_through)
       SELECT workspace_id, resource, max(change_xid) FROM (
         SELECT workspace_id, resource, change_xid FROM sync_deletions WHERE deleted_at < $1
         UNION ALL
         SELECT workspace_id, resource, change_xid FROM sync_touches WHERE touched_at < $1
       ) purged
        GROUP BY workspace_id, resource
       ON CONFLICT (workspace_id, resource)
         DO UPDATE SET purged_through = greatest(sync_purges.purged_through, EXCLUDED.purged_through)`,
      [before],
    );
    await tx.sql.query(`DELETE FROM sync_touches WHERE touched_at < $1`, [before]);
    // What deleted workspaces left (their rows' triggers ran while the workspace went).
    for (const table of ["sync_touches", "sync_deletions", "sync_purges"]) {
      await tx.sql.query(
        `DELETE FROM ${table} s WHERE NOT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = s.workspace_id)`,
      );
    }
    const rows = await tx.sql.query<{ count: number }>(
      `WITH purged AS (DELETE FROM sync_deletions WHERE deleted_at < $1 RETURNING 1) SELECT count(*)::int AS count FROM purged`,
      [before],
    );
    return rows[0]!.count;
  });
}
