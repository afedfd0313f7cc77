import type { Db } from "../../db";
import { cursorRefusal, isUuid } from "../pagination";
import type { WorkspaceContext } from "../workspace-context";
import { checkedSince, serverKnowledge, tokenXid, type SyncedResource } from "./sync-token";

/** A row changed or deleted since a token, in the order deltas are read: change_xid, then id. */
interface Change {
  id: string;
  xid: string;
  deletedAt: Date | null;
}

/** Where a delta is: its token, the token it will hand out, and the last change answered. */
interface DeltaPosition {
  since: string;
  knowledge: string;
  after: { xid: string; id: string } | null;
}

const CURSOR_MARK = "delta";
/** `since=0`: the whole list as a delta from the start, the one full read no concurrent write can upset. */
const FROM_THE_START = "0";
const XID = /^[1-9][0-9]{0,18}$/;

function encodeDeltaCursor(resource: SyncedResource, position: DeltaPosition, last: Change): string {
  return Buffer.from(
    JSON.stringify([CURSOR_MARK, resource, position.since, position.knowledge, last.xid, last.id]),
    "utf8",
  ).toString("base64url");
}

function parsed(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    return null;
  }
}

/** True for a next_cursor a delta handed out (other cursors are the list's own). */
export function isDeltaCursor(cursor: string | undefined): boolean {
  if (cursor === undefined) return false;
  const value = parsed(cursor);
  return Array.isArray(value) && value[0] === CURSOR_MARK;
}

function decodeDeltaCursor(cursor: string, resource: SyncedResource): DeltaPosition {
  const value = parsed(cursor);
  if (
    Array.isArray(value) &&
    value.length === 6 &&
    value[0] === CURSOR_MARK &&
    value[1] === resource &&
    typeof value[2] === "string" &&
    typeof value[3] === "string" &&
    typeof value[4] === "string" &&
    XID.test(value[4]) &&
    typeof value[5] === "string" &&
    isUuid(value[5])
  ) {
    if (value[2] !== FROM_THE_START) tokenXid(value[2], resource, "cursor");
    tokenXid(value[3], resource, "cursor");
    return { since: value[2], knowledge: value[3], after: { xid: value[4], id: value[5] } };
  }
  throw cursorRefusal("not a cursor this API returned");
}

/** One page of a delta: the changed rows' ids and the deletions, the token to keep, the next page's cursor. */
export interface DeltaPage {
  changed: string[];
  deleted: Array<{ id: string; deletedAt: Date }>;
  knowledge: string;
  nextCursor: string | null;
}

/**
 * The rows of `resource` written or deleted by transactions with an id at or above the token's,
 * `limit` at a time, oldest change first. Every page of one delta hands out the token read on its
 * first page, so a change made while the client pages is in the next delta (it may also be on a
 * later page of this one: a client applies rows by id, and sees each at least once).
 */
export async function readDelta(
  { db, workspace }: WorkspaceContext,
  resource: SyncedResource,
  request: { since?: string; cursor?: string; limit: number },
): Promise<DeltaPage> {
  let position: DeltaPosition;
  if (request.cursor !== undefined) {
    position = decodeDeltaCursor(request.cursor, resource);
    if (request.since !== undefined && request.since !== position.since) {
      throw cursorRefusal("this cursor continues another since; send the cursor alone");
    }
  } else {
    if (request.since !== FROM_THE_START) tokenXid(request.since!, resource);
    position = { since: request.since!, knowledge: await serverKnowledge(db, workspace.id, resource), after: null };
  }
  // since=0: every row, as a delta from the start (nothing to delete in a copy that holds nothing).
  const fromTheStart = position.since === FROM_THE_START;
  const sinceXid = fromTheStart ? "1" : tokenXid(position.since, resource);
  if (!fromTheStart) await checkedSince(db, workspace.id, resource, sinceXid);
  const rows = await changesAfter(
    db,
    workspace.id,
    resource,
    sinceXid,
    position.after,
    request.limit + 1,
    !fromTheStart,
  );
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    changed: [...new Set(page.filter((row) => row.deletedAt === null).map((row) => row.id))],
    deleted: page.flatMap((row) => (row.deletedAt === null ? [] : [{ id: row.id, deletedAt: row.deletedAt }])),
    knowledge: position.knowledge,
    nextCursor: rows.length > request.limit && last ? encodeDeltaCursor(resource, position, last) : null,
  };
}

/** The changes at or above `sinceXid`, after `after` in (change_xid, id) order; a deleted row that is back counts as changed. */
function changesAfter(
  db: Db,
  workspaceId: string,
  resource: SyncedResource,
  sinceXid: string,
  after: { xid: string; id: string } | null,
  take: number,
  deletions: boolean,
): Promise<Change[]> {
  // One bound per branch, so each index scan starts at it: the first page from the token ($4), later ones
  // after the last change answered ($5, $6; it is at or above the token).
  const from = (alias: string) =>
    after ? `(${alias}.change_xid, ${alias}.id) > ($5::xid8, $6::uuid)` : `${alias}.change_xid >= $4::xid8`;
  // Merged in (change_xid, id) order: the xid8 and uuid themselves, not their text. A row's touches
  // since the token count once, at the latest (every write to an account touches it: a delta must not
  // take a page per write). A row touched and changed both can come twice; a later page answers it
  // again, as it is then (readDelta keeps one per page).
  return db.sql.query<Change>(
    `SELECT c.id::text AS id, c.xid::text AS xid, c."deletedAt" FROM (
       SELECT r.id, r.change_xid AS xid, NULL::timestamptz AS "deletedAt" FROM ${resource} r
        WHERE r.workspace_id = $1::uuid AND ${from("r")}
       UNION ALL
       SELECT t.id, max(t.change_xid), NULL FROM sync_touches t
        WHERE t.workspace_id = $1::uuid AND t.resource = $2 AND t.change_xid >= $4::xid8
          AND EXISTS (SELECT 1 FROM ${resource} r WHERE r.id = t.id)
        GROUP BY t.id
        ${after ? "HAVING (max(t.change_xid), t.id) > ($5::xid8, $6::uuid)" : ""}
       UNION ALL
       SELECT d.id, d.change_xid, d.deleted_at FROM sync_deletions d
        WHERE d.workspace_id = $1::uuid AND d.resource = $2 AND ${from("d")} AND ${deletions ? "TRUE" : "FALSE"}
          AND NOT EXISTS (SELECT 1 FROM ${resource} r WHERE r.id = d.id)
     ) c
     ORDER BY c.xid, c.id
     LIMIT $3`,
    after ? [workspaceId, resource, take, sinceXid, after.xid, after.id] : [workspaceId, resource, take, sinceXid],
  );
}
