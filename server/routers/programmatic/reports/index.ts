export { cashFlowSummary } from "./cash-flow-summary";
export { categoryDrift } from "./category-drift";
export { categoryHeatmap } from "./category-heatmap";
export { incomeStability } from "./income-stability";
export { recurringDetection } from "./recurring-detection";
export { uncategorizedClusters } from "./uncategorized-clusters";
