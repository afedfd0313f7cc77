import { AppError } from "../../errors";
import { homeCurrencyOf, insightContext } from "./context";
import { generateInsights } from "./generate-insights";
import { parseInsightId } from "./insight-id";
import { accountsKey, dataVersion, INSIGHT_TTL_MS, readCache, writeCache, type CachedInsights } from "./insight-cache";
import type { Insight } from "./types";
import type { WorkspaceContext } from "../workspace-context";

/**
 * Endpoint 9: the period's insights, restricted to `accountIds` when given. A stored list is served
 * while it is younger than an hour and nothing it was computed from has changed; otherwise the list
 * is computed again and stored.
 */
export async function listInsights(
  { db, workspace, now = new Date() }: WorkspaceContext,
  { period, accountIds }: { period: string; accountIds?: string[] | null },
): Promise<CachedInsights> {
  const home = await homeCurrencyOf({ db, workspace });
  const context = insightContext({ db, workspace, now }, home, period, accountIds?.length ? accountIds : null);
  const key = accountsKey(context.accountIds);
  const version = await dataVersion({ db, workspace }, context.today);
  const cached = await readCache({ db, workspace }, period, key);
  if (cached && now < cached.nextRefreshAt && cached.dataVersion === version) return cached;

  const entry: CachedInsights = {
    insights: await generateInsights(context),
    dataVersion: version,
    generatedAt: now,
    nextRefreshAt: new Date(now.getTime() + INSIGHT_TTL_MS),
  };
  await writeCache({ db, workspace }, period, key, entry);
  return entry;
}

/**
 * Endpoint 8: one insight by its logical id, from the list of its period for every account.
 * A malformed id or one that the period's facts no longer produce is not found.
 */
export async function getInsight(context: WorkspaceContext, id: string): Promise<Insight> {
  const parsed = parseInsightId(id);
  const found = parsed
    ? (await listInsights(context, { period: parsed.period })).insights.find((insight) => insight.id === id)
    : undefined;
  if (!found) throw new AppError("RESOURCE_NOT_FOUND", "No insight with this id exists in the token's workspace.");
  return found;
}
