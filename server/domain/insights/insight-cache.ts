import { createHash, randomUUID } from "node:crypto";
import { workspaceDataVersion } from "../data-version/data-version";
import type { WorkspaceContext } from "../workspace-context";
import type { Insight } from "./types";

/** How long a computed list is served before it is computed again. */
export const INSIGHT_TTL_MS = 60 * 60 * 1000;

/** "all", or the SHA-256 (hex) of the distinct, sorted, lower-cased account ids joined by commas. */
export function accountsKey(accountIds: string[] | null): string {
  if (accountIds === null) return "all";
  const ids = [...new Set(accountIds.map((id) => id.toLowerCase()))].sort();
  return createHash("sha256").update(ids.join(",")).digest("hex");
}

/**
 * The shape of the stored insights: one more whenever a payload gains or changes a field, so that a
 * list stored by the code before (without `merchant`, say) is computed again, never served in the
 * old shape (the answer's schema would refuse it: 500).
 */
const INSIGHT_SHAPE = 2;

/** The workspace's data version (see workspaceDataVersion) on `today`: insights also depend on the date. */
export async function dataVersion(context: WorkspaceContext, today: string): Promise<string> {
  return `${INSIGHT_SHAPE}|${today}|${await workspaceDataVersion(context)}`;
}

export interface CachedInsights {
  insights: Insight[];
  dataVersion: string;
  generatedAt: Date;
  nextRefreshAt: Date;
}

interface StoredJson {
  data_version: string;
  items: Insight[];
}

function isStored(value: unknown): value is StoredJson {
  const stored = value as Partial<StoredJson> | null;
  return typeof stored?.data_version === "string" && Array.isArray(stored.items);
}

export async function readCache(
  { db, workspace }: WorkspaceContext,
  period: string,
  key: string,
): Promise<CachedInsights | null> {
  const row = await db.prisma.insightCache.findUnique({
    where: { workspaceId_period_accountsKey: { workspaceId: workspace.id, period, accountsKey: key } },
  });
  if (!row || !isStored(row.insights)) return null;
  return {
    insights: row.insights.items,
    dataVersion: row.insights.data_version,
    generatedAt: row.generatedAt,
    nextRefreshAt: row.nextRefreshAt,
  };
}

/** Stores a computed list; concurrent writers of the same key do not fail (last one wins). */
export async function writeCache(
  { db, workspace }: WorkspaceContext,
  period: string,
  key: string,
  entry: CachedInsights,
): Promise<void> {
  const stored: StoredJson = { data_version: entry.dataVersion, items: entry.insights };
  await db.sql.query(
    `INSERT INTO insight_caches (id, workspace_id, period, accounts_key, insights, generated_at, next_refresh_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)
     ON CONFLICT (workspace_id, period, accounts_key)
     DO UPDATE SET insights = EXCLUDED.insights, generated_at = EXCLUDED.generated_at, next_refresh_at = EXCLUDED.next_refresh_at`,
    [
      randomUUID(),
      workspace.id,
      period,
      key,
      JSON.stringify(stored),
      entry.generatedAt.toISOString(),
      entry.nextRefreshAt.toISOString(),
    ],
  );
}
