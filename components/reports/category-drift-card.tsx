"use client";

import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Formatter } from "../locale/formatter";
import { useFormat } from "../locale/locale-provider";
import { partialTooltipMonth } from "./month-to-date";
import { addDecimals, PALETTE, plotNumber, tooltipValues } from "./plot";
import { ReportCard } from "./report-card";
import { driftTable } from "./report-tables";
import { categoryLabel, type DriftReport, type ReportQuery } from "./report-types";

const SHOWN = 6;

type Series = { key: string; name: string; color: string };

/** The six categories with the largest average share get their own band; the rest is "Other". */
function chartData(attributes: DriftReport["attributes"], format: Formatter) {
  const average = (shares: ReadonlyArray<{ share: string }>) =>
    shares.reduce((sum, row) => sum + (plotNumber(row.share) ?? 0), 0);
  const ranked = [...attributes.categories].sort((a, b) => average(b.monthly_shares) - average(a.monthly_shares));
  const top = ranked.slice(0, SHOWN);
  const rest = ranked.slice(SHOWN);
  const series: Series[] = top.map((category, index) => ({
    key: `c${index}`,
    name: categoryLabel(category),
    // The palette, not the accent colours: neighbouring bands must differ.
    color: PALETTE[index % PALETTE.length]!,
  }));
  if (rest.length > 0) series.push({ key: "other", name: "Other", color: PALETTE[PALETTE.length - 1]! });
  const months = attributes.categories[0]?.monthly_shares.map((row) => row.month) ?? [];
  const points = months.map((month, index) => {
    const partial = attributes.categories[0]?.monthly_shares[index]?.partial ?? false;
    const point: Record<string, string | number | boolean> = {
      month: format.shortMonth(month),
      monthKey: month,
      partial,
    };
    top.forEach((category, position) => {
      const share = category.monthly_shares[index]?.share ?? "0";
      point[`c${position}`] = plotNumber(share) ?? 0;
      point[`c${position}Text`] = share;
    });
    if (rest.length > 0) {
      const other = addDecimals(rest.map((category) => category.monthly_shares[index]?.share ?? "0"));
      point.other = plotNumber(other) ?? 0;
      point.otherText = other;
    }
    return point;
  });
  return { series, points, top };
}

/** Endpoint 18: how each category's share of monthly spending moved. */
export function CategoryDriftCard({ query }: { query: ReportQuery<DriftReport> }) {
  const report = query.data?.data;
  const attributes = report?.attributes;
  const format = useFormat();
  const { series, points, top } = attributes ? chartData(attributes, format) : { series: [], points: [], top: [] };

  return (
    <ReportCard
      testId="report-category-drift"
      title="Category drift"
      wide
      query={query}
      window={report?.window}
      table={attributes ? driftTable(attributes) : null}
      description="Each category's share of the month's spending, stacked; the six largest categories and the rest as Other."
    >
      {attributes && attributes.categories.length === 0 ? <p className="empty">No spending in this window.</p> : null}
      {attributes && attributes.categories.length > 0 ? (
        <>
          <div
            className="report-chart"
            role="figure"
            aria-label="Each category's share of the month's spending, stacked"
          >
            <ResponsiveContainer width="100%" height={280}>
              <AreaChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="month" tick={{ fontSize: 12 }} />
                <YAxis
                  tickFormatter={(value: number) => format.percent(value)}
                  domain={[0, 100]}
                  ticks={[0, 25, 50, 75, 100]}
                  allowDataOverflow
                  tick={{ fontSize: 12 }}
                  width={48}
                />
                <Tooltip
                  formatter={tooltipValues((text) => format.percent(text))}
                  labelFormatter={partialTooltipMonth(format)}
                />
                <Legend itemSorter={null} />
                {series.map((item) => (
                  <Area
                    key={item.key}
                    type="monotone"
                    dataKey={item.key}
                    name={item.name}
                    stackId="shares"
                    stroke={item.color}
                    fill={item.color}
                    fillOpacity={0.55}
                    isAnimationActive={false}
                  />
                ))}
              </AreaChart>
            </ResponsiveContainer>
          </div>
          <ul className="report-facts">
            {top.map((category) => (
              <li key={category.category_id ?? "uncategorized"}>
                {categoryLabel(category)}:{" "}
                <span className={`badge badge-drift-${category.direction}`}>{category.direction}</span>{" "}
                {format.signed(category.change_pp)} pp
              </li>
            ))}
          </ul>
          {report?.window.partial_month && points.length > 1 ? (
            <p className="muted report-footnote" data-testid="drift-compared-month">
              {`Changes compare ${format.month(attributes.compared_month)} with ${format.month(attributes.categories[0]!.monthly_shares[0]!.month)}; `}
              {`${format.month(attributes.categories[0]!.monthly_shares.at(-1)!.month)} is not over and is not compared.`}
            </p>
          ) : null}
        </>
      ) : null}
    </ReportCard>
  );
}
