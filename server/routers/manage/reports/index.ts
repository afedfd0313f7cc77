import { router } from "../../../trpc";
import { cashFlowSummary } from "./cash-flow-summary";
import { categoryDrift } from "./category-drift";
import { categoryHeatmap } from "./category-heatmap";
import { incomeStability } from "./income-stability";
import { listInsights } from "./insights";
import { recurringDetection } from "./recurring-detection";
import { uncategorizedClusters } from "./uncategorized-clusters";

/**
 * manage.reports: the six reports of endpoints 14-19 and the insights of endpoint 9 for the
 * dashboard (session, tRPC only). The answers are the domain functions' own, the REST shapes.
 */
export const manageReportsRouter = router({
  categoryHeatmap,
  incomeStability,
  uncategorizedClusters,
  recurringDetection,
  categoryDrift,
  cashFlowSummary,
  insights: listInsights,
});
