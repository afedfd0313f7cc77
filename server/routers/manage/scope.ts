import type { Database } from "../../db";
import type { SessionCaller } from "../../domain/identity/authenticate";
import type { ManageScope } from "../../domain/manage-scope";

/** The domain scope of a dashboard call: the session's workspace and user. */
export function manageScope(ctx: { db: Database; caller: SessionCaller }): ManageScope {
  return { db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id };
}
