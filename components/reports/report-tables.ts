import type { ExportTable } from "../export-buttons";
import {
  categoryLabel,
  type CashFlowReport,
  type ClustersReport,
  type DriftReport,
  type HeatmapReport,
  type IncomeReport,
  type RecurringReport,
} from "./report-types";

/**
 * Each report's figures as the table its export holds: one row per month (or per pattern), the
 * amounts as the API answers them (decimal strings in the home currency), so a spreadsheet sums them.
 */

export function cashFlowTable(attributes: CashFlowReport["attributes"]): ExportTable {
  return {
    name: "Cash flow",
    columns: [
      { name: "month", kind: "text" },
      { name: `income (${attributes.total_income_agg.home_converted.currency_code})`, kind: "amount" },
      { name: "expenses", kind: "amount" },
      { name: "savings_rate", kind: "amount" },
      { name: "partial", kind: "text" },
    ],
    rows: attributes.monthly_trend.map((row) => [
      row.month,
      row.income,
      row.expenses,
      row.savings_rate,
      row.partial ? "yes" : "no",
    ]),
  };
}

export function heatmapTable(attributes: HeatmapReport["attributes"]): ExportTable {
  return {
    name: "Spending heatmap",
    columns: [
      { name: `month (${attributes.currency_code})`, kind: "text" },
      ...attributes.categories.map((category) => ({ name: categoryLabel(category), kind: "amount" as const })),
    ],
    rows: attributes.months.map((month, index) => [month, ...(attributes.cells[index] ?? [])]),
  };
}

export function incomeTable(attributes: IncomeReport["attributes"]): ExportTable {
  return {
    name: "Income stability",
    columns: [
      { name: "month", kind: "text" },
      { name: `income (${attributes.currency_code})`, kind: "amount" },
      { name: "partial", kind: "text" },
    ],
    rows: attributes.monthly_incomes.map((row) => [row.month, row.amount, row.partial ? "yes" : "no"]),
  };
}

export function driftTable(attributes: DriftReport["attributes"]): ExportTable {
  const months = attributes.categories[0]?.monthly_shares.map((share) => share.month) ?? [];
  return {
    name: "Category drift",
    columns: [
      { name: "category", kind: "text" },
      ...months.map((month) => ({ name: `${month} share %`, kind: "amount" as const })),
      { name: "change_pp", kind: "amount" },
      { name: "direction", kind: "text" },
    ],
    rows: attributes.categories.map((category) => [
      categoryLabel(category),
      ...category.monthly_shares.map((share) => share.share),
      category.change_pp,
      category.direction,
    ]),
  };
}

export function clustersTable(attributes: ClustersReport["attributes"]): ExportTable {
  return {
    name: "Uncategorised clusters",
    columns: [
      { name: "description_pattern", kind: "text" },
      { name: "count", kind: "amount" },
      { name: `total_amount (${attributes.currency_code})`, kind: "amount" },
      { name: "avg_amount", kind: "amount" },
      { name: "last_date", kind: "day" },
    ],
    rows: attributes.clusters.map((cluster) => [
      cluster.description_pattern,
      String(cluster.count),
      cluster.total_amount,
      cluster.avg_amount,
      cluster.last_date,
    ]),
  };
}

export function recurringTable(attributes: RecurringReport["attributes"]): ExportTable {
  return {
    name: "Recurring detection",
    columns: [
      { name: "suggested_name", kind: "text" },
      { name: "frequency", kind: "text" },
      { name: "avg_amount", kind: "amount" },
      { name: "count", kind: "amount" },
      { name: "last_date", kind: "day" },
      { name: "description_pattern", kind: "text" },
    ],
    rows: attributes.detected.map((series) => [
      series.suggested_name,
      series.frequency,
      series.avg_amount,
      String(series.count),
      series.last_date,
      series.description_pattern,
    ]),
  };
}
