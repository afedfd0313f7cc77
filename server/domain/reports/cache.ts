import { clearWorkspaceCache, workspaceCached } from "../data-version/workspace-cache";
import type { WorkspaceContext } from "../workspace-context";

/**
 * A report served from the workspace cache while the workspace's data is unchanged. Plan and home
 * currency shape every report, so a change to either is a different entry.
 */
export function cachedReport<T>(
  { db, workspace }: WorkspaceContext,
  key: string,
  compute: () => Promise<T>,
  now?: number,
): Promise<T> {
  const reportKey = `report|${workspace.plan}|${workspace.homeCurrencyId}|${key}`;
  return workspaceCached({ db, workspace }, reportKey, compute, now);
}

/** Empties the cache (tests and benchmarks). */
export function clearReportCache(): void {
  clearWorkspaceCache();
}
