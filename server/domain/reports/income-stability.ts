import { buildAggregate } from "../money/aggregate";
import { Decimal, formatMoney } from "../money/money";
import { byCurrency, groupRows, homeMoney, incomeOf, loadFlows } from "./flows";
import { runReport } from "./report";
import { isPartialMonth, periodAttributes, type WindowRequest } from "./window";
import type { WorkspaceContext } from "../workspace-context";

/** A slope beyond 2% of the mean per month is a trend. */
const TREND_THRESHOLD = new Decimal("0.02");

type IncomeTrend = "increasing" | "decreasing" | "stable";

export interface IncomeStatistics {
  mean: Decimal;
  stddev: Decimal;
  /** stddev / mean; null when the mean is 0. */
  cv: Decimal | null;
  trend: IncomeTrend;
  /** The least-squares line's value one month after the last, not below 0. */
  forecast: Decimal;
}

/**
 * Statistics of monthly amounts (oldest first): mean, population standard deviation, and the
 * least-squares line through (0, y0) ... (n-1, yn-1) whose slope, relative to the mean, gives the trend.
 * The forecast is the line `horizon` months after the last value.
 */
function incomeStatistics(values: readonly Decimal[], horizon = 1): IncomeStatistics {
  const n = values.length;
  if (n === 0)
    return { mean: new Decimal(0), stddev: new Decimal(0), cv: null, trend: "stable", forecast: new Decimal(0) };
  const mean = values.reduce((total, value) => total.plus(value), new Decimal(0)).div(n);
  const variance = values.reduce((total, value) => total.plus(value.minus(mean).pow(2)), new Decimal(0)).div(n);
  const stddev = variance.sqrt();
  const xMean = new Decimal(n - 1).div(2);
  let covariance = new Decimal(0);
  let xVariance = new Decimal(0);
  values.forEach((value, x) => {
    covariance = covariance.plus(new Decimal(x).minus(xMean).times(value.minus(mean)));
    xVariance = xVariance.plus(new Decimal(x).minus(xMean).pow(2));
  });
  const slope = xVariance.isZero() ? new Decimal(0) : covariance.div(xVariance);
  const forecast = Decimal.max(0, mean.plus(slope.times(new Decimal(n - 1 + horizon).minus(xMean))));
  let trend: IncomeTrend = "stable";
  if (!mean.isZero()) {
    const relative = slope.div(mean.abs());
    if (relative.greaterThan(TREND_THRESHOLD)) trend = "increasing";
    else if (relative.lessThan(TREND_THRESHOLD.negated())) trend = "decreasing";
  }
  return { mean, stddev, cv: mean.isZero() ? null : stddev.div(mean), trend, forecast };
}

/**
 * Endpoint 15: income per month of the window in the home currency (0 for months without any),
 * rounded to the currency's places first, and the statistics of those amounts. A month still
 * running is listed (partial) but left out of the statistics: income arrives on a few days of the
 * month, so a month to date says nothing about the trend. The forecast stays the month after the window.
 */
export function incomeStability(context: WorkspaceContext, request: WindowRequest) {
  return runReport(context, "income_stability", request, async (window) => {
    const [flows, money] = await Promise.all([
      loadFlows(context, window.start, window.end, { tag: window.tag, type: "income", byCategory: false }),
      homeMoney(context),
    ]);
    const incomeRows = flows.filter((row) => row.type === "income");
    const byMonth = groupRows(incomeRows, (row) => row.month);
    const monthly = window.months.map((month) => ({
      month,
      amount: money.format(incomeOf(byMonth.get(month) ?? [])),
      partial: isPartialMonth(month, window.today),
    }));
    // Partial months can only be the last ones of the window.
    const ended = monthly.filter((entry) => !entry.partial);
    const stats = incomeStatistics(
      ended.map((entry) => new Decimal(entry.amount)),
      monthly.length - ended.length + 1,
    );
    const total = buildAggregate(byCurrency(incomeRows), money.currencies, money.home);
    return {
      ...periodAttributes(window),
      period: request.range,
      currency_code: money.home.code,
      currency_symbol: money.home.symbol,
      monthly_incomes: monthly,
      mean: money.format(stats.mean),
      stddev: money.format(stats.stddev),
      cv: stats.cv === null ? null : formatMoney(stats.cv, 4),
      trend: stats.trend,
      forecast_next_month: money.format(stats.forecast),
      statistics_months: ended.length,
      total_income_agg: total,
      fx_partial: total.home_converted.fx_partial,
      missing_fx_count: total.home_converted.missing_fx_count,
    };
  });
}
