import type { useTranslations } from "next-intl";
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

/** The reports' messages: each table's name and column headings are written in the person's language. */
export type ReportsTranslator = ReturnType<typeof useTranslations<"reports">>;

/**
 * Each report's figures as the table its export holds: one row per month (or per pattern), the
 * amounts as the API answers them (decimal strings in the home currency), so a spreadsheet sums them.
 */

export function cashFlowTable(attributes: CashFlowReport["attributes"], t: ReportsTranslator): ExportTable {
  return {
    name: t("cashFlow.title"),
    columns: [
      { name: t("export.month"), kind: "text" },
      {
        name: t("export.income", { currency: attributes.total_income_agg.home_converted.currency_code }),
        kind: "amount",
      },
      { name: t("export.expenses"), kind: "amount" },
      { name: t("export.savingsRate"), kind: "amount" },
      { name: t("export.partial"), kind: "text" },
    ],
    rows: attributes.monthly_trend.map((row) => [
      row.month,
      row.income,
      row.expenses,
      row.savings_rate,
      row.partial ? t("export.yes") : t("export.no"),
    ]),
  };
}

export function heatmapTable(attributes: HeatmapReport["attributes"], t: ReportsTranslator): ExportTable {
  return {
    name: t("heatmap.title"),
    columns: [
      { name: t("export.monthIn", { currency: attributes.currency_code }), kind: "text" },
      ...attributes.categories.map((category) => ({
        name: categoryLabel(category, t("uncategorised")),
        kind: "amount" as const,
      })),
    ],
    rows: attributes.months.map((month, index) => [month, ...(attributes.cells[index] ?? [])]),
  };
}

export function incomeTable(attributes: IncomeReport["attributes"], t: ReportsTranslator): ExportTable {
  return {
    name: t("income.title"),
    columns: [
      { name: t("export.month"), kind: "text" },
      { name: t("export.income", { currency: attributes.currency_code }), kind: "amount" },
      { name: t("export.partial"), kind: "text" },
    ],
    rows: attributes.monthly_incomes.map((row) => [
      row.month,
      row.amount,
      row.partial ? t("export.yes") : t("export.no"),
    ]),
  };
}

export function driftTable(attributes: DriftReport["attributes"], t: ReportsTranslator): ExportTable {
  const months = attributes.categories[0]?.monthly_shares.map((share) => share.month) ?? [];
  return {
    name: t("drift.title"),
    columns: [
      { name: t("export.category"), kind: "text" },
      ...months.map((month) => ({ name: t("export.share", { month }), kind: "amount" as const })),
      { name: t("export.changePp"), kind: "amount" },
      { name: t("export.direction"), kind: "text" },
    ],
    rows: attributes.categories.map((category) => [
      categoryLabel(category, t("uncategorised")),
      ...category.monthly_shares.map((share) => share.share),
      category.change_pp,
      t("drift.direction", { direction: category.direction }),
    ]),
  };
}

export function clustersTable(attributes: ClustersReport["attributes"], t: ReportsTranslator): ExportTable {
  return {
    name: t("clusters.title"),
    columns: [
      { name: t("export.descriptionPattern"), kind: "text" },
      { name: t("export.count"), kind: "amount" },
      { name: t("export.totalAmount", { currency: attributes.currency_code }), kind: "amount" },
      { name: t("export.avgAmount"), kind: "amount" },
      { name: t("export.lastDate"), kind: "day" },
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

export function recurringTable(attributes: RecurringReport["attributes"], t: ReportsTranslator): ExportTable {
  return {
    name: t("recurring.title"),
    columns: [
      { name: t("export.suggestedName"), kind: "text" },
      { name: t("export.frequency"), kind: "text" },
      { name: t("export.avgAmount"), kind: "amount" },
      { name: t("export.count"), kind: "amount" },
      { name: t("export.lastDate"), kind: "day" },
      { name: t("export.descriptionPattern"), kind: "text" },
    ],
    rows: attributes.detected.map((series) => [
      series.suggested_name,
      t("export.frequencyValue", { frequency: series.frequency }),
      series.avg_amount,
      String(series.count),
      series.last_date,
      series.description_pattern,
    ]),
  };
}
