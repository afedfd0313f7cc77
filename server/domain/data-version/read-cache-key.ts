import type { WorkspaceRef } from "../identity/authenticate";
import { todayIn } from "../time/calendar";

/**
 * The workspace-cache key of a computed read: what it is, its parameters, and what the data
 * version does not cover: today's date in the workspace timezone (balances and "recent" figures
 * move with it) and the home currency (conversions).
 */
export function readCacheKey(workspace: WorkspaceRef, what: string, ...parameters: unknown[]): string {
  return `${what}|${todayIn(workspace.timezone)}|${workspace.homeCurrencyId}|${JSON.stringify(parameters)}`;
}
