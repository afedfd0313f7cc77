import { buildAggregate } from "../money/aggregate";
import { Decimal } from "../money/money";
import { spendingByCategory } from "./category-spending";
import { byCurrency, categoryRefs, homeMoney, loadFlows } from "./flows";
import { runReport } from "./report";
import { periodAttributes, type WindowRequest } from "./window";
import type { WorkspaceContext } from "../workspace-context";

/**
 * Endpoint 14: spending per month (rows) and category (columns) in the home currency.
 * cells[i][j] is month i's spending in category j; min_value / max_value span every cell.
 */
export function categoryHeatmap(context: WorkspaceContext, request: WindowRequest) {
  return runReport(context, "category_heatmap", request, async (window) => {
    const [flows, categoryOf, money] = await Promise.all([
      loadFlows(context, window.start, window.end, { tag: window.tag }),
      categoryRefs(context),
      homeMoney(context),
    ]);
    const columns = spendingByCategory(flows, window.months, categoryOf);
    const cells = window.months.map((_, i) => columns.map((column) => column.perMonth[i] ?? new Decimal(0)));
    const values = cells.flat();
    const periodTotal = buildAggregate(
      byCurrency(flows.filter((row) => row.type === "expense")),
      money.currencies,
      money.home,
      -1,
    );
    return {
      ...periodAttributes(window),
      period: request.range,
      currency_code: money.home.code,
      currency_symbol: money.home.symbol,
      months: window.months,
      categories: columns.map((column) => column.category),
      cells: cells.map((row) => row.map(money.format)),
      min_value: money.format(values.length ? Decimal.min(...values) : 0),
      max_value: money.format(values.length ? Decimal.max(...values) : 0),
      period_total_agg: periodTotal,
      fx_partial: periodTotal.home_converted.fx_partial,
      missing_fx_count: periodTotal.home_converted.missing_fx_count,
    };
  });
}
