import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers";

type Reports = inferRouterOutputs<AppRouter>["manage"]["reports"];

/** Each report's `data` as the session procedures answer it (the REST shape). */
export type HeatmapReport = Reports["categoryHeatmap"]["data"];
export type IncomeReport = Reports["incomeStability"]["data"];
export type ClustersReport = Reports["uncategorizedClusters"]["data"];
export type RecurringReport = Reports["recurringDetection"]["data"];
export type DriftReport = Reports["categoryDrift"]["data"];
export type CashFlowReport = Reports["cashFlowSummary"]["data"];
export type Insight = Reports["insights"]["insights"][number];
export type ReportWindow = HeatmapReport["window"];
export type Range = "recent" | "full";

/** What a card needs of its query. */
export interface ReportQuery<Data> {
  data?: { data: Data };
  isPending: boolean;
  isError: boolean;
  error: unknown;
}
