import { router } from "../../trpc/builders";
import { cashFlowSummaryProcedure } from "./cash-flow-summary";
import { categoryDriftProcedure } from "./category-drift";
import { categoryHeatmapProcedure } from "./category-heatmap";
import { incomeStabilityProcedure } from "./income-stability";
import { monthlyOverviewProcedure } from "./monthly-overview";
import { recurringDetectionProcedure } from "./recurring-detection";
import { uncategorizedClustersProcedure } from "./uncategorized-clusters";

export const reportsRouter = router({
  categoryHeatmap: categoryHeatmapProcedure,
  incomeStability: incomeStabilityProcedure,
  uncategorizedClusters: uncategorizedClustersProcedure,
  recurringDetection: recurringDetectionProcedure,
  categoryDrift: categoryDriftProcedure,
  cashFlowSummary: cashFlowSummaryProcedure,
  monthlyOverview: monthlyOverviewProcedure,
});
