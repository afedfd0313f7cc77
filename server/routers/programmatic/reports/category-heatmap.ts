import { z } from "zod";
import { categoryHeatmap as buildCategoryHeatmap } from "../../../domain/reports/category-heatmap";
import { workspaceProcedure } from "../../../trpc";
import { moneyAggregate } from "../../shared/fields";
import { categoryRef, fxFields, money, month, periodFields, reportInput, reportOutput, windowRequest } from "./report-schema";

const attributes = z.object({
  ...periodFields,
  period: z.enum(["recent", "full"]),
  currency_code: z.string(),
  currency_symbol: z.string(),
  months: z.array(month),
  categories: z.array(z.object(categoryRef)).meta({ description: "Categories with spending in the window, largest total first." }),
  cells: z.array(z.array(money)).meta({ description: "cells[i][j]: spending of months[i] in categories[j], home currency." }),
  min_value: money,
  max_value: money,
  period_total_agg: moneyAggregate.meta({ description: "All spending of the window, as positive amounts." }),
  ...fxFields,
});

export const categoryHeatmap = workspaceProcedure("reports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/reports/category-heatmap",
      operationId: "getCategoryHeatmap",
      tags: ["reports"],
      summary: "Category heatmap (endpoint 14)",
      description: "Spending per month and category in the home currency.",
    },
  })
  .input(reportInput)
  .output(reportOutput("category_heatmap", attributes))
  .query(async ({ ctx, input }) => ({
    data: await buildCategoryHeatmap({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
