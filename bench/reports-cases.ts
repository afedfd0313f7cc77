/**
 * The six reports bench:reports measures (endpoints 14-19), each called as its REST procedure calls
 * it, with one hand-written aggregate query over the same rows as its baseline.
 */
import type { WorkspaceRef } from "../server/domain/identity/authenticate";
import { cashFlowSummary } from "../server/domain/reports/cash-flow-summary";
import { categoryDrift } from "../server/domain/reports/category-drift";
import { categoryHeatmap } from "../server/domain/reports/category-heatmap";
import { incomeStability } from "../server/domain/reports/income-stability";
import { recurringDetection } from "../server/domain/reports/recurring-detection";
import { uncategorizedClusters } from "../server/domain/reports/uncategorized-clusters";
import type { ReportWindow } from "../server/domain/reports/window";
import type { WorkspaceContext } from "../server/domain/workspace-context";

export interface ReportCase {
  endpoint: number;
  name: string;
  /** The query string of the REST request, for the figures. */
  request: string;
  run: (scope: WorkspaceContext) => Promise<unknown>;
  baselineWhat: string;
  /** The baseline's SQL; its parameters are windowParams(workspace, window). */
  baselineSql: string;
}

/** The parameters of every baseline query: the workspace and the report's date window. */
export const windowParams = (workspace: WorkspaceRef, window: ReportWindow) => [workspace.id, window.start, window.end];

/**
 * The heatmap and the drift both come down to this aggregate: by category, so a split transaction
 * counts by its parts (what the contract forces since issue 35), the unsplit ones whole. The sums of
 * income and expenses per month need no parts (the parts add up to their transaction).
 */
const EXPENSE_BY_MONTH_AND_CATEGORY = `SELECT month, category_id, sum(amount) AS amount FROM (
                SELECT date_trunc('month', date) AS month, category_id, sum(amount) AS amount
                  FROM transactions WHERE workspace_id = $1 AND type = 'expense' AND NOT split AND date BETWEEN $2::date AND $3::date GROUP BY 1, 2
                UNION ALL
                SELECT date_trunc('month', date), category_id, sum(amount)
                  FROM transaction_parts WHERE workspace_id = $1 AND type = 'expense' AND date BETWEEN $2::date AND $3::date GROUP BY 1, 2
              ) s GROUP BY 1, 2`;

export function reportCases(month: string): ReportCase[] {
  const full = { month, range: "full" as const };
  const windowed = `month=${month}&range=full`;
  return [
    {
      endpoint: 14,
      name: "category_heatmap",
      request: windowed,
      run: (scope) => categoryHeatmap(scope, full),
      baselineWhat: "expense sum per (month, category)",
      baselineSql: EXPENSE_BY_MONTH_AND_CATEGORY,
    },
    {
      endpoint: 15,
      name: "income_stability",
      request: windowed,
      run: (scope) => incomeStability(scope, full),
      baselineWhat: "income sum per month",
      baselineSql: `SELECT date_trunc('month', date) AS month, sum(amount) AS amount
                FROM transactions WHERE workspace_id = $1 AND type = 'income' AND date BETWEEN $2::date AND $3::date GROUP BY 1`,
    },
    {
      endpoint: 16,
      name: "uncategorized_clusters",
      request: "(none)",
      run: (scope) => uncategorizedClusters(scope),
      baselineWhat: "uncategorised sum, count, last date per (description, currency), parts of split ones too",
      baselineSql: `SELECT description, currency_id, sum(amount) AS amount, sum(count) AS count, max(last_date) AS last_date FROM (
                SELECT description, currency_id, sum(amount) AS amount, count(*) AS count, max(date) AS last_date
                  FROM transactions WHERE workspace_id = $1 AND category_id IS NULL AND NOT split AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date
                 GROUP BY 1, 2
                UNION ALL
                SELECT t.description, t.currency_id, sum(p.amount), count(*), max(t.date)
                  FROM transaction_parts p JOIN transactions t ON t.id = p.transaction_id
                 WHERE t.workspace_id = $1 AND p.category_id IS NULL AND t.split AND t.type <> 'transfer' AND t.date BETWEEN $2::date AND $3::date
                 GROUP BY 1, 2
              ) s GROUP BY 1, 2`,
    },
    {
      endpoint: 17,
      name: "recurring_detection",
      request: "(none)",
      run: (scope) => recurringDetection(scope),
      baselineWhat: "count, sum, first/last date per (description, type, currency) seen twice or more",
      baselineSql: `SELECT description, type, currency_id, count(*) AS count, sum(amount) AS amount, min(date) AS first_date, max(date) AS last_date
                FROM transactions WHERE workspace_id = $1 AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date
               GROUP BY 1, 2, 3 HAVING count(*) >= 2`,
    },
    {
      endpoint: 18,
      name: "category_drift",
      request: windowed,
      run: (scope) => categoryDrift(scope, full),
      baselineWhat: "expense sum per (month, category)",
      baselineSql: EXPENSE_BY_MONTH_AND_CATEGORY,
    },
    {
      endpoint: 19,
      name: "cash_flow_summary",
      request: windowed,
      run: (scope) => cashFlowSummary(scope, full),
      baselineWhat: "income and expense sums per month",
      baselineSql: `SELECT date_trunc('month', date) AS month, type, sum(amount) AS amount
                FROM transactions WHERE workspace_id = $1 AND type <> 'transfer' AND date BETWEEN $2::date AND $3::date GROUP BY 1, 2`,
    },
  ];
}
