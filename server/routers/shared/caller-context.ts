import type { Db } from "../../db";
import type { WorkspaceRef } from "../../domain/identity/authenticate";
import type { WorkspaceContext } from "../../domain/workspace-context";

/**
 * The domain context of a call: the caller's workspace and who acts, over the call's database or,
 * inside the call's transaction, over `db`.
 */
export function callerContext(
  ctx: { db: Db; caller: { workspace: WorkspaceRef; user: { id: string } } },
  db: Db = ctx.db,
): WorkspaceContext & { userId: string } {
  return { db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id };
}
