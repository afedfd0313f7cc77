import { Decimal, formatMoney } from "../money/money";
import { spendingByCategory } from "./category-spending";
import { categoryRefs, homeMoney, loadFlows, missingOf } from "./flows";
import { runReport } from "./report";
import { isPartialMonth, periodAttributes, type WindowRequest } from "./window";
import type { WorkspaceContext } from "../workspace-context";

/** A change of more than 1 percentage point is a drift. */
const DRIFT_THRESHOLD_PP = new Decimal(1);

export type DriftDirection = "growing" | "shrinking" | "stable";

function driftDirection(changePp: Decimal): DriftDirection {
  if (changePp.greaterThan(DRIFT_THRESHOLD_PP)) return "growing";
  if (changePp.lessThan(DRIFT_THRESHOLD_PP.negated())) return "shrinking";
  return "stable";
}

/**
 * Endpoint 18: each category's share of the month's spending, in percent with 2 places ("0.00"
 * when the month has no spending). change_pp = the last ended month's share minus the first month's
 * (both rounded); largest change (either way) first. A month still running is listed (partial) but
 * not compared: early in a month its shares are those of the bills paid first (rent on the 1st).
 */
export function categoryDrift(context: WorkspaceContext, request: WindowRequest) {
  return runReport(context, "category_drift", request, async (window) => {
    const [flows, categoryOf, money] = await Promise.all([
      loadFlows(context, window.start, window.end, { tag: window.tag }),
      categoryRefs(context),
      homeMoney(context),
    ]);
    const columns = spendingByCategory(flows, window.months, categoryOf);
    const monthTotals = window.months.map((_, i) =>
      columns.reduce((total, column) => total.plus(column.perMonth[i] ?? 0), new Decimal(0)),
    );
    const partial = window.months.map((month) => isPartialMonth(month, window.today));
    // The last month that has ended (partial months can only close the window); the first when none has.
    const firstPartial = partial.indexOf(true);
    const compared = firstPartial === -1 ? window.months.length - 1 : Math.max(0, firstPartial - 1);
    const categories = columns.map((column) => {
      const shares = column.perMonth.map((spent, i) => {
        const total = monthTotals[i] ?? new Decimal(0);
        return formatMoney(total.isZero() ? 0 : spent.div(total).times(100), 2);
      });
      const change = new Decimal(shares[compared] ?? 0).minus(shares[0] ?? 0);
      return {
        ...column.category,
        monthly_shares: window.months.map((month, i) => ({
          month,
          share: shares[i] ?? "0.00",
          partial: partial[i] ?? false,
        })),
        change_pp: formatMoney(change, 2),
        direction: driftDirection(change),
        change,
      };
    });
    categories.sort((a, b) => b.change.abs().comparedTo(a.change.abs()) || a.name.localeCompare(b.name));
    const missing = missingOf(flows.filter((row) => row.type === "expense"));
    return {
      ...periodAttributes(window),
      period: request.range,
      currency_code: money.home.code,
      currency_symbol: money.home.symbol,
      compared_month: window.months[compared]!,
      categories: categories.map(({ change: _change, ...category }) => category),
      fx_partial: missing > 0,
      missing_fx_count: missing,
    };
  });
}
