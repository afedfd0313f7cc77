"use client";

import { CartesianGrid, Legend, Line, LineChart, ReferenceArea, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatAmount, formatMonth, label } from "../planning/format";
import { CHART_COLORS, compactNumber, nextMonth, plotNumber, shortMonth } from "./plot";
import { ReportCard } from "./report-card";
import type { IncomeReport, ReportQuery } from "./report-types";

/** Endpoint 15: monthly income against its mean ± one standard deviation, and next month's forecast. */
export function IncomeStabilityCard({ query }: { query: ReportQuery<IncomeReport> }) {
  const report = query.data?.data;
  const attributes = report?.attributes;
  const incomes = attributes?.monthly_incomes ?? [];
  const last = incomes.at(-1);
  const forecastMonth = last ? nextMonth(last.month) : null;
  const points = [
    ...incomes.map((row) => ({
      month: shortMonth(row.month),
      income: plotNumber(row.amount),
      // The forecast line starts at the last real month so the two lines join.
      forecast: row === last ? plotNumber(row.amount) : null,
    })),
    ...(forecastMonth && attributes ? [{ month: shortMonth(forecastMonth), income: null, forecast: plotNumber(attributes.forecast_next_month) }] : []),
  ];
  const mean = plotNumber(attributes?.mean) ?? 0;
  const stddev = plotNumber(attributes?.stddev) ?? 0;
  const code = attributes?.currency_code ?? "";

  return (
    <ReportCard testId="report-income-stability" title="Income stability" query={query} window={report?.window}
      description="Monthly income; the band is the mean ± one standard deviation, the dashed point next month's forecast.">
      {attributes ? (
        <>
          <ul className="report-facts">
            <li>Mean {formatAmount(attributes.mean, code)}</li>
            <li>Std. dev. {formatAmount(attributes.stddev, code)}</li>
            <li>CV {attributes.cv ?? "—"}</li>
            <li>Trend <span className={`badge badge-trend-${attributes.trend}`}>{label(attributes.trend)}</span></li>
            {forecastMonth ? <li>Forecast {formatMonth(forecastMonth)}: {formatAmount(attributes.forecast_next_month, code)}</li> : null}
          </ul>
          <div className="report-chart">
            <ResponsiveContainer width="100%" height={260}>
              <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} />
                <YAxis tickFormatter={compactNumber} tick={{ fontSize: 12 }} width={48} />
                <Tooltip />
                <Legend />
                <ReferenceArea y1={Math.max(0, mean - stddev)} y2={mean + stddev} fill={CHART_COLORS.band} fillOpacity={0.08} ifOverflow="extendDomain" />
                <ReferenceLine y={mean} stroke={CHART_COLORS.band} strokeDasharray="4 4" label={{ value: "mean", position: "insideTopRight", fontSize: 11 }} />
                <Line dataKey="income" name={`Income (${code})`} stroke={CHART_COLORS.income} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
                <Line dataKey="forecast" name="Forecast" stroke={CHART_COLORS.forecast} strokeDasharray="5 5" dot={{ r: 4 }} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </div>
        </>
      ) : null}
    </ReportCard>
  );
}
