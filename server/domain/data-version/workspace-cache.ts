import type { WorkspaceContext } from "../workspace-context";
import { workspaceDataVersion } from "./data-version";

/** Entries also expire after this long, as a bound on what a missed change could cost. */
export const WORKSPACE_CACHE_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  version: string;
  expiresAt: number;
  value: Promise<unknown>;
}

/** Oldest first: a Map keeps insertion order, and a hit moves its entry to the end. */
const entries = new Map<string, Entry>();

/**
 * The result of `compute` for (workspace, key), kept in this process while the workspace's data
 * version (workspaceDataVersion) is the same and the entry is younger than the TTL. `key` must name
 * everything else the result depends on (parameters, today's date, plan). Concurrent callers share
 * one computation; a failure is not kept. Each instance of the service keeps its own entries, and
 * the version, read from the database, keeps them all correct.
 */
export async function workspaceCached<T>(
  { db, workspace }: WorkspaceContext,
  key: string,
  compute: () => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  const cacheKey = `${workspace.id}|${key}`;
  const version = await workspaceDataVersion({ db, workspace });
  const hit = entries.get(cacheKey);
  if (hit && hit.version === version && hit.expiresAt > now) {
    entries.delete(cacheKey);
    entries.set(cacheKey, hit);
    return hit.value as Promise<T>;
  }
  const value = compute();
  entries.delete(cacheKey);
  entries.set(cacheKey, { version, expiresAt: now + WORKSPACE_CACHE_TTL_MS, value });
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

/** Empties the cache (tests and benchmarks). */
export function clearWorkspaceCache(): void {
  entries.clear();
}
