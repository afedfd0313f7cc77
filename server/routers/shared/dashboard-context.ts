import type { Db } from "../../db";
import type { SessionCaller } from "../../domain/identity/authenticate";
import type { WorkspaceContext } from "../../domain/workspace-context";

/** The domain context of a dashboard call: the session's workspace and user. */
export function dashboardContext(ctx: { db: Db; caller: SessionCaller }): WorkspaceContext & { userId: string } {
  return { db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id };
}
