import type { Db } from "../../db";
import { clearWorkspaceCache, workspaceCached } from "../data-version/workspace-cache";
import type { WorkspaceRef } from "../identity/authenticate";

/**
 * A report served from the workspace cache while the workspace's data is unchanged. Plan and home
 * currency shape every report, so a change to either is a different entry.
 */
export function cachedReport<T>(
  db: Db,
  workspace: WorkspaceRef,
  key: string,
  compute: () => Promise<T>,
  now?: number,
): Promise<T> {
  return workspaceCached(db, workspace.id, `report|${workspace.plan}|${workspace.homeCurrencyId}|${key}`, compute, now);
}

/** Empties the cache (tests and benchmarks). */
export function clearReportCache(): void {
  clearWorkspaceCache();
}
