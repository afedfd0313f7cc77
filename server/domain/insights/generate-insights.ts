import { GENERATORS } from "./generators";
import type { Insight, InsightContext, InsightPriority } from "./types";

const PRIORITY_RANK: Record<InsightPriority, number> = { high: 0, medium: 1, low: 2 };

/** Highest priority first, then the most recent, then by id: the same facts give the same order. */
function compareInsights(a: Insight, b: Insight): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    b.triggered_at.localeCompare(a.triggered_at) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The period's insights from every generator. A month after the current one has none: nothing
 * in it has happened yet. Generators run one after another (PGlite has a single connection).
 */
export async function generateInsights(context: InsightContext): Promise<Insight[]> {
  if (context.periodStart > context.today) return [];
  const insights: Insight[] = [];
  for (const generate of GENERATORS) insights.push(...(await generate(context)));
  return insights.sort(compareInsights);
}
