"use client";

import { useTranslations } from "next-intl";
import { useFormat } from "../locale/locale-provider";
import { plotNumber } from "./plot";
import { ReportCard } from "./report-card";
import { heatmapTable } from "./report-tables";
import { categoryLabel, type HeatmapReport, type ReportQuery } from "./report-types";

/** The amount rounded to whole units (half away from zero), for a cell's label: "129.99" -> "130", "4.49" -> "4". */
export function wholeAmount(amount: string): string {
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  const units = BigInt(whole) + (Number(fraction.charAt(0) || "0") >= 5 ? BigInt(1) : BigInt(0));
  return amount.startsWith("-") && units !== BigInt(0) ? `-${units}` : String(units);
}

/** Endpoint 14: spending per category (rows) and month (columns), the darker the more. */
export function CategoryHeatmapCard({ query }: { query: ReportQuery<HeatmapReport> }) {
  const t = useTranslations("reports");
  const format = useFormat();
  const report = query.data?.data;
  const attributes = report?.attributes;
  const max = plotNumber(attributes?.max_value) ?? 0;
  // The footnote's figures: the period's total and the smallest and largest cell.
  const range = attributes
    ? {
        total: format.money(attributes.period_total_agg.home_converted.amount, attributes.currency_code),
        min: format.money(attributes.min_value, attributes.currency_code),
        max: format.money(attributes.max_value, attributes.currency_code),
      }
    : { total: "", min: "", max: "" };

  return (
    <ReportCard
      testId="report-category-heatmap"
      title={t("heatmap.title")}
      what={t("heatmap.what")}
      wide
      query={query}
      window={report?.window}
      table={attributes ? heatmapTable(attributes, t) : null}
      description={t("heatmap.description")}
    >
      {attributes && attributes.categories.length === 0 ? <p className="empty">{t("heatmap.empty")}</p> : null}
      {attributes && attributes.categories.length > 0 ? (
        <>
          {/* Focusable: on a narrow screen the months scroll sideways inside this box, also by keyboard. */}
          <div className="table-scroll" role="region" tabIndex={0} aria-label={t("heatmap.table")}>
            <table className="table heatmap">
              <caption className="visually-hidden">
                {t("heatmap.caption", { currency: attributes.currency_code })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("heatmap.category")}</th>
                  {attributes.months.map((month) => (
                    <th key={month} scope="col" className="numeric" title={format.month(month)}>
                      {format.shortMonth(month)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {attributes.categories.map((category, column) => (
                  <tr key={category.category_id ?? "uncategorized"}>
                    <th scope="row">
                      <span
                        className="swatch"
                        style={{ background: category.accent_color ?? "var(--border)" }}
                        aria-hidden
                      />
                      {categoryLabel(category, t("uncategorised"))}
                    </th>
                    {attributes.months.map((month, row) => {
                      const amount = attributes.cells[row]?.[column] ?? "0.00";
                      const intensity = max > 0 ? Math.max(0, plotNumber(amount) ?? 0) / max : 0;
                      return (
                        <td
                          key={month}
                          className="numeric heatmap-cell"
                          title={t("heatmap.cell", {
                            category: categoryLabel(category, t("uncategorised")),
                            month: format.month(month),
                            amount: format.money(amount, attributes.currency_code),
                          })}
                          style={{
                            background: `color-mix(in srgb, var(--heat) ${(4 + intensity * 71).toFixed(1)}%, transparent)`,
                          }}
                        >
                          {amount === "0.00" ? "·" : format.number(wholeAmount(amount))}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted report-footnote">
            {attributes.fx_partial
              ? t("heatmap.footnoteMissingFx", {
                  ...range,
                  count: attributes.missing_fx_count,
                  shown: String(attributes.missing_fx_count),
                })
              : t("heatmap.footnote", range)}
          </p>
        </>
      ) : null}
    </ReportCard>
  );
}
