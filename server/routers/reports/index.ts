import { router } from "../../trpc/builders";
import { cashFlowSummary } from "./cash-flow-summary";
import { categoryDrift } from "./category-drift";
import { categoryHeatmap } from "./category-heatmap";
import { incomeStability } from "./income-stability";
import { recurringDetection } from "./recurring-detection";
import { uncategorizedClusters } from "./uncategorized-clusters";

export const reportsRouter = router({
  categoryHeatmap,
  incomeStability,
  uncategorizedClusters,
  recurringDetection,
  categoryDrift,
  cashFlowSummary,
});
