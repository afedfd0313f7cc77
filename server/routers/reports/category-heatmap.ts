import { z } from "zod";
import { categoryHeatmap } from "../../domain/reports/category-heatmap";
import { moneyAggregate } from "../shared/fields";
import { categoryRef, fxFields, money, month, periodFields } from "./schemas";
import { windowedReport } from "./report-procedure";

const attributes = z.object({
  ...periodFields,
  period: z.enum(["recent", "full"]).describe("The range applied: recent or full."),
  currency_code: z.string().describe("ISO 4217 code of the home currency, in which every amount is given."),
  currency_symbol: z.string().describe("The home currency's symbol."),
  months: z.array(month).describe("The window's months (YYYY-MM), oldest first; the rows of cells."),
  categories: z
    .array(z.object(categoryRef))
    .meta({ description: "Categories with spending in the window, largest total first." }),
  cells: z
    .array(z.array(money))
    .meta({ description: "cells[i][j]: spending of months[i] in categories[j], home currency." }),
  min_value: money.describe("The smallest of the cells."),
  max_value: money.describe("The largest of the cells."),
  period_total_agg: moneyAggregate.meta({ description: "All spending of the window, as positive amounts." }),
  ...fxFields,
});

export const categoryHeatmapProcedure = windowedReport(
  {
    type: "category_heatmap",
    operationId: "getCategoryHeatmap",
    summary: "Category heatmap (endpoint 14)",
    description: "Spending per month and category in the home currency.",
    component: {
      id: "CategoryHeatmapReport",
      description: "Spending per month and category in the home currency (endpoint 14).",
    },
    attributes,
  },
  categoryHeatmap,
);
