"use client";

import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { MonthToDateBadge, PartialDot, partialTooltipMonth } from "./month-to-date";
import { CHART_COLORS, nextMonth, plotNumber, tooltipValues } from "./plot";
import { ReportCard } from "./report-card";
import { incomeTable } from "./report-tables";
import type { IncomeReport, ReportQuery } from "./report-types";
import { useChartReadout } from "../chart-readout";

/** Endpoint 15: monthly income against its mean ± one standard deviation, and next month's forecast. */
export function IncomeStabilityCard({ query }: { query: ReportQuery<IncomeReport> }) {
  const t = useTranslations("reports");
  const format = useFormat();
  const { portal, readout } = useChartReadout();
  const report = query.data?.data;
  const attributes = report?.attributes;
  const incomes = attributes?.monthly_incomes ?? [];
  const last = incomes.at(-1);
  const forecastMonth = last ? nextMonth(last.month) : null;
  // The forecast comes from the months that have ended: its line starts at the last of them.
  const lastEnded = incomes.findLast((row) => !row.partial);
  const running = incomes.filter((row) => row.partial);
  // Months before the first income are not drawn as zeros.
  const firstIncome = Math.max(
    incomes.findIndex((row) => plotNumber(row.amount) !== 0),
    0,
  );
  const points = [
    ...incomes.slice(firstIncome).map((row) => ({
      month: format.shortMonth(row.month),
      monthKey: row.month,
      income: plotNumber(row.amount),
      incomeText: row.amount,
      partial: row.partial,
      forecast: row === lastEnded ? plotNumber(row.amount) : null,
      forecastText: row === lastEnded ? row.amount : null,
    })),
    ...(forecastMonth && attributes
      ? [
          {
            month: format.shortMonth(forecastMonth),
            monthKey: forecastMonth,
            income: null,
            incomeText: null,
            forecast: plotNumber(attributes.forecast_next_month),
            forecastText: attributes.forecast_next_month,
          },
        ]
      : []),
  ];
  const mean = plotNumber(attributes?.mean) ?? 0;
  const stddev = plotNumber(attributes?.stddev) ?? 0;
  const code = attributes?.currency_code ?? "";

  return (
    <ReportCard
      testId="report-income-stability"
      title={t("income.title")}
      what={t("income.what")}
      query={query}
      window={report?.window}
      table={attributes ? incomeTable(attributes, t) : null}
      description={t("income.description")}
    >
      {attributes ? (
        <>
          {running.length > 0 && report.window.partial_month ? (
            <p className="report-month-to-date" data-testid="income-month-to-date">
              <MonthToDateBadge window={report.window} />{" "}
              {t("income.leftOut", {
                months: running.map((row) => format.month(row.month)).join(", "),
                count: attributes.statistics_months,
              })}
            </p>
          ) : null}
          <ul className="report-facts">
            <li>{t("income.mean", { amount: format.money(attributes.mean, code) })}</li>
            <li>{t("income.stddev", { amount: format.money(attributes.stddev, code) })}</li>
            <li>{t("income.cv", { value: attributes.cv === null ? "—" : format.number(attributes.cv) })}</li>
            <li>
              {t.rich("income.trend", {
                trend: attributes.trend,
                badge: (chunks) => <span className={`badge badge-trend-${attributes.trend}`}>{chunks}</span>,
              })}
            </li>
            {forecastMonth ? (
              <li>
                {t("income.forecastFact", {
                  month: format.month(forecastMonth),
                  amount: format.money(attributes.forecast_next_month, code),
                })}
              </li>
            ) : null}
          </ul>
          <div className="report-chart" role="figure" aria-label={t("income.chart")}>
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} />
                <YAxis tickFormatter={(value: number) => format.compact(value)} tick={{ fontSize: 12 }} width={58} />
                <Tooltip
                  portal={portal}
                  formatter={tooltipValues((text) => format.money(text, code))}
                  labelFormatter={partialTooltipMonth(format, t)}
                />
                <Legend />
                <ReferenceArea
                  y1={Math.max(0, mean - stddev)}
                  y2={mean + stddev}
                  fill={CHART_COLORS.band}
                  fillOpacity={0.08}
                  ifOverflow="extendDomain"
                />
                <ReferenceLine
                  y={mean}
                  stroke={CHART_COLORS.band}
                  strokeDasharray="4 4"
                  label={{ value: t("income.meanLine"), position: "insideTopRight", fontSize: 11 }}
                />
                <Line
                  dataKey="income"
                  name={t("income.incomeSeries", { currency: code })}
                  stroke={CHART_COLORS.income}
                  strokeWidth={2}
                  dot={<PartialDot />}
                  isAnimationActive={false}
                />
                <Line
                  dataKey="forecast"
                  name={t("income.forecast")}
                  stroke={CHART_COLORS.forecast}
                  strokeDasharray="5 5"
                  dot={{ r: 4 }}
                  connectNulls
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
            {readout}
          </div>
        </>
      ) : null}
    </ReportCard>
  );
}
