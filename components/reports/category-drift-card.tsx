"use client";

import { useTranslations } from "next-intl";
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Formatter } from "../locale/formatter";
import { useFormat } from "../locale/locale-provider";
import { partialTooltipMonth } from "./month-to-date";
import { addDecimals, PALETTE, plotNumber, tooltipValues } from "./plot";
import { ReportCard } from "./report-card";
import { driftTable, type ReportsTranslator } from "./report-tables";
import { categoryLabel, type DriftReport, type ReportQuery } from "./report-types";
import { useChartReadout } from "../chart-readout";

const SHOWN = 6;

type Series = { key: string; name: string; color: string };

/** The six categories with the largest average share get their own band; the rest is "Other". */
function chartData(attributes: DriftReport["attributes"], format: Formatter, t: ReportsTranslator) {
  const average = (shares: ReadonlyArray<{ share: string }>) =>
    shares.reduce((sum, row) => sum + (plotNumber(row.share) ?? 0), 0);
  const ranked = [...attributes.categories].sort((a, b) => average(b.monthly_shares) - average(a.monthly_shares));
  const top = ranked.slice(0, SHOWN);
  const rest = ranked.slice(SHOWN);
  const series: Series[] = top.map((category, index) => ({
    key: `c${index}`,
    name: categoryLabel(category, t("uncategorised")),
    // The palette, not the accent colours: neighbouring bands must differ.
    color: PALETTE[index % PALETTE.length]!,
  }));
  if (rest.length > 0) series.push({ key: "other", name: t("drift.other"), color: PALETTE[PALETTE.length - 1]! });
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
  const t = useTranslations("reports");
  const format = useFormat();
  const { portal, readout } = useChartReadout();
  const { series, points, top } = attributes ? chartData(attributes, format, t) : { series: [], points: [], top: [] };

  return (
    <ReportCard
      testId="report-category-drift"
      title={t("drift.title")}
      what={t("drift.what")}
      wide
      query={query}
      window={report?.window}
      table={attributes ? driftTable(attributes, t) : null}
      description={t("drift.description")}
    >
      {attributes && attributes.categories.length === 0 ? <p className="empty">{t("drift.empty")}</p> : null}
      {attributes && attributes.categories.length > 0 ? (
        <>
          <div className="report-chart" role="figure" aria-label={t("drift.chart")}>
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
                {/* Top of the stack first, as the areas lie; held at the chart's top edge, clear of the legend below. */}
                <Tooltip
                  portal={portal}
                  formatter={tooltipValues((text) => format.percent(text))}
                  labelFormatter={partialTooltipMonth(format, t)}
                  itemSorter={(item) => -series.findIndex((entry) => entry.key === item.dataKey)}
                  position={{ y: 0 }}
                  contentStyle={{ padding: "4px 8px", fontSize: 12, lineHeight: 1.3 }}
                  itemStyle={{ padding: 0 }}
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
            {readout}
          </div>
          <ul className="report-facts">
            {top.map((category) => (
              <li key={category.category_id ?? "uncategorized"}>
                {t.rich("drift.fact", {
                  category: categoryLabel(category, t("uncategorised")),
                  direction: t("drift.direction", { direction: category.direction }),
                  change: format.signed(category.change_pp),
                  badge: (chunks) => <span className={`badge badge-drift-${category.direction}`}>{chunks}</span>,
                })}
              </li>
            ))}
          </ul>
          {report?.window.partial_month && points.length > 1 ? (
            <p className="muted report-footnote" data-testid="drift-compared-month">
              {t("drift.compared", {
                compared: format.month(attributes.compared_month),
                first: format.month(attributes.categories[0]!.monthly_shares[0]!.month),
                last: format.month(attributes.categories[0]!.monthly_shares.at(-1)!.month),
              })}
            </p>
          ) : null}
        </>
      ) : null}
    </ReportCard>
  );
}
