import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

type Reports = inferRouterOutputs<AppRouter>["reports"];

/** Each report's `data`: the REST operations' own answers, which the dashboard calls with its session. */
export type HeatmapReport = Reports["categoryHeatmap"]["data"];
export type IncomeReport = Reports["incomeStability"]["data"];
export type ClustersReport = Reports["uncategorizedClusters"]["data"];
export type RecurringReport = Reports["recurringDetection"]["data"];
export type DriftReport = Reports["categoryDrift"]["data"];
export type CashFlowReport = Reports["cashFlowSummary"]["data"];
export type Insight = inferRouterOutputs<AppRouter>["insights"]["list"]["insights"][number];
export type ReportWindow = HeatmapReport["window"];
export type Range = "recent" | "full";

/** What a card needs of its query. */
export interface ReportQuery<Data> {
  data?: { data: Data };
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A report's category as the dashboard names it: the API's name for no category is "Uncategorized",
 * the dashboard's its catalogue's (`uncategorised`: "Uncategorised").
 */
export function categoryLabel(category: { category_id: string | null; name: string }, uncategorised: string): string {
  return category.category_id === null ? uncategorised : category.name;
}
