"use client";

import { formatAmount, formatMonth } from "../planning/format";
import { plotNumber, shortMonth } from "./plot";
import { ReportCard } from "./report-card";
import type { HeatmapReport, ReportQuery } from "./report-types";

/** The amount without its cents, for a cell's label ("1234.56" -> "1,234"). */
function wholeAmount(amount: string): string {
  return formatAmount(amount.split(".")[0] ?? amount, "").trim();
}

/** Endpoint 14: spending per category (rows) and month (columns), the darker the more. */
export function CategoryHeatmapCard({ query }: { query: ReportQuery<HeatmapReport> }) {
  const report = query.data?.data;
  const attributes = report?.attributes;
  const max = plotNumber(attributes?.max_value) ?? 0;

  return (
    <ReportCard testId="report-category-heatmap" title="Spending heatmap" wide query={query} window={report?.window}
      description="Spending per category and month in the home currency; darker cells spent more.">
      {attributes && attributes.categories.length === 0 ? <p className="empty">No spending in this window.</p> : null}
      {attributes && attributes.categories.length > 0 ? (
        <>
          <div className="table-scroll">
            <table className="table heatmap">
              <caption className="visually-hidden">Spending per category and month, {attributes.currency_code}</caption>
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  {attributes.months.map((month) => (
                    <th key={month} scope="col" className="numeric" title={formatMonth(month)}>
                      {shortMonth(month)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {attributes.categories.map((category, column) => (
                  <tr key={category.category_id ?? "uncategorized"}>
                    <th scope="row">
                      <span className="swatch" style={{ background: category.accent_color ?? "#d0d7de" }} aria-hidden />
                      {category.name}
                    </th>
                    {attributes.months.map((month, row) => {
                      const amount = attributes.cells[row]?.[column] ?? "0.00";
                      const intensity = max > 0 ? Math.max(0, plotNumber(amount) ?? 0) / max : 0;
                      return (
                        <td key={month} className="numeric heatmap-cell" title={`${category.name}, ${formatMonth(month)}: ${formatAmount(amount, attributes.currency_code)}`}
                          style={{ background: `rgba(31, 111, 235, ${(0.04 + intensity * 0.86).toFixed(3)})`, color: intensity > 0.5 ? "#fff" : undefined }}>
                          {amount === "0.00" ? "·" : wholeAmount(amount)}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="muted report-footnote">
            Total {formatAmount(attributes.period_total_agg.home_converted.amount, attributes.currency_code)} · cells from{" "}
            {formatAmount(attributes.min_value, attributes.currency_code)} to {formatAmount(attributes.max_value, attributes.currency_code)}
            {attributes.fx_partial ? ` · ${attributes.missing_fx_count} transactions without an exchange rate left out` : ""}
          </p>
        </>
      ) : null}
    </ReportCard>
  );
}
