"use client";

import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { MonthToDateBadge, PARTIAL_OPACITY, PartialDot, partialTooltipMonth } from "./month-to-date";
import { CHART_COLORS, plotNumber, tooltipValues } from "./plot";
import { ReportCard } from "./report-card";
import { cashFlowTable } from "./report-tables";
import type { CashFlowReport, ReportQuery } from "./report-types";
import { useChartReadout } from "../chart-readout";

/** Endpoint 19: the month's totals and the window's income / expenses with the savings rate. */
export function CashFlowCard({ query }: { query: ReportQuery<CashFlowReport> }) {
  const t = useTranslations("reports");
  const format = useFormat();
  const { portal, readout } = useChartReadout();
  const report = query.data?.data;
  const attributes = report?.attributes;
  const home = attributes?.total_income_agg.home_converted.currency_code ?? "";
  // Months before the first with any money in or out are not drawn as zeros.
  const trend = attributes?.monthly_trend ?? [];
  const firstWithData = trend.findIndex((row) => plotNumber(row.income) !== 0 || plotNumber(row.expenses) !== 0);
  const points = trend.slice(Math.max(firstWithData, 0)).map((row) => ({
    month: format.shortMonth(row.month),
    monthKey: row.month,
    income: plotNumber(row.income),
    incomeText: row.income,
    expenses: plotNumber(row.expenses),
    expensesText: row.expenses,
    // A month still running has most of its income or spending ahead: its rate would dive off the axis.
    savingsRate: row.partial ? null : plotNumber(row.savings_rate),
    savingsRateText: row.savings_rate,
    partial: row.partial,
  }));
  const toDate = attributes?.month_to_date_comparison;
  const bars = points.map((point) => <Cell key={point.monthKey} fillOpacity={point.partial ? PARTIAL_OPACITY : 1} />);
  const tooltipValue = tooltipValues((text, key) =>
    key === "savingsRate" ? format.percent(text) : format.money(text, home),
  );

  return (
    <ReportCard
      testId="report-cash-flow-summary"
      title={t("cashFlow.title")}
      what={t("cashFlow.what")}
      wide
      query={query}
      window={report?.window}
      table={attributes ? cashFlowTable(attributes, t) : null}
      description={t("cashFlow.description")}
    >
      {attributes ? (
        <>
          {report.window.partial_month ? (
            <p className="report-month-to-date" data-testid="cash-flow-month-to-date">
              <MonthToDateBadge window={report.window} />{" "}
              {t("cashFlow.notOver", { month: format.month(attributes.month) })}
              {toDate?.previous_average && toDate.months[0]
                ? ` ${t("cashFlow.comparison", {
                    day: String(toDate.through_day),
                    income: format.money(toDate.months[0].income, home),
                    expenses: format.money(toDate.months[0].expenses, home),
                    count: toDate.previous_months_compared,
                    averageIncome: format.money(toDate.previous_average.income, home),
                    averageExpenses: format.money(toDate.previous_average.expenses, home),
                    savingsRate: format.percent(toDate.previous_average.savings_rate),
                  })}`
                : null}
            </p>
          ) : null}
          <dl className="report-totals" aria-label={t("cashFlow.totals", { month: format.month(attributes.month) })}>
            <Total
              label={t("cashFlow.incomeOf", { month: format.month(attributes.month) })}
              value={format.money(attributes.total_income_agg.home_converted.amount, home)}
            />
            <Total
              label={t("cashFlow.expenses")}
              value={format.money(attributes.total_expenses_agg.home_converted.amount, home)}
            />
            <Total
              label={t("cashFlow.savings")}
              value={format.money(attributes.savings_agg.home_converted.amount, home)}
            />
            <Total
              label={t("cashFlow.savingsRate")}
              value={format.percent(attributes.savings_rate)}
              detail={t("cashFlow.guideline", { rate: format.percent(attributes.target_savings_rate) })}
            />
          </dl>
          <div className="report-chart" role="figure" aria-label={t("cashFlow.chart")}>
            <ResponsiveContainer width="100%" height={280}>
              <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} />
                <YAxis
                  yAxisId="money"
                  tickFormatter={(value: number) => format.compact(value)}
                  tick={{ fontSize: 12 }}
                  width={58}
                />
                {/* A month in progress can have a rate far below -100%; the axis stays readable and the tooltip shows the value. */}
                <YAxis
                  yAxisId="rate"
                  orientation="right"
                  tickFormatter={(value: number) => format.percent(value)}
                  domain={[-100, 100]}
                  ticks={[-100, -50, 0, 50, 100]}
                  allowDataOverflow
                  tick={{ fontSize: 12 }}
                  width={52}
                />
                <Tooltip portal={portal} formatter={tooltipValue} labelFormatter={partialTooltipMonth(format, t)} />
                <Legend />
                <Bar
                  yAxisId="money"
                  dataKey="income"
                  name={t("cashFlow.incomeSeries", { currency: home })}
                  fill={CHART_COLORS.income}
                  isAnimationActive={false}
                >
                  {bars}
                </Bar>
                <Bar
                  yAxisId="money"
                  dataKey="expenses"
                  name={t("cashFlow.expensesSeries", { currency: home })}
                  fill={CHART_COLORS.expenses}
                  isAnimationActive={false}
                >
                  {bars}
                </Bar>
                <Line
                  yAxisId="rate"
                  dataKey="savingsRate"
                  name={t("cashFlow.savingsRateSeries")}
                  stroke={CHART_COLORS.rate}
                  strokeWidth={2}
                  dot={<PartialDot />}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              </ComposedChart>
            </ResponsiveContainer>
            {readout}
          </div>
        </>
      ) : null}
    </ReportCard>
  );
}

function Total({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {value}
        {detail ? <span className="muted report-total-detail"> {detail}</span> : null}
      </dd>
    </div>
  );
}
