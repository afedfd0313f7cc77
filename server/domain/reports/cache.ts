import type { Database } from "../../db";
import { workspaceDataVersion } from "../data-version/data-version";
import type { WorkspaceRef } from "../identity/authenticate";

/** Results also expire after this long: FX rates (shared by every workspace) may arrive late. */
export const REPORT_CACHE_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 500;

interface Entry {
  version: string;
  expiresAt: number;
  value: Promise<unknown>;
}

/** Oldest first: a Map keeps insertion order, and a hit moves its entry to the end. */
const entries = new Map<string, Entry>();

/**
 * The cached result of `compute` for (workspace, key) while the workspace's data version (see
 * workspaceDataVersion) is the same and the entry is younger than the TTL. Concurrent callers share one computation; a failure is not kept.
 */
export async function cachedReport<T>(
  db: Database,
  workspace: WorkspaceRef,
  key: string,
  compute: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  // Plan and home currency shape every report, so a change to either is a different entry.
  const cacheKey = `${workspace.id}|${workspace.plan}|${workspace.homeCurrencyId}|${key}`;
  const version = await workspaceDataVersion(db.sql, workspace.id);
  const hit = entries.get(cacheKey);
  if (hit && hit.version === version && hit.expiresAt > now) {
    entries.delete(cacheKey);
    entries.set(cacheKey, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  entries.delete(cacheKey);
  entries.set(cacheKey, { version, expiresAt: now + REPORT_CACHE_TTL_MS, value });
  value.catch(() => {
    if (entries.get(cacheKey)?.value === value) entries.delete(cacheKey);
  });
  while (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest === undefined) break;
    entries.delete(oldest);
  }
  return value;
}

/** Empties the cache (tests). */
export function clearReportCache(): void {
  entries.clear();
}
