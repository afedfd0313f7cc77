import type { Db } from "../../db";
import type { WorkspaceContext } from "../../domain/workspace-context";

/** The domain context of a categorisation operation: the workspace and who acts, over `db`. */
export function ruleContext(
  caller: { workspace: WorkspaceContext["workspace"]; user: { id: string } },
  db: Db,
): WorkspaceContext & { userId: string } {
  return { db, workspace: caller.workspace, userId: caller.user.id };
}
