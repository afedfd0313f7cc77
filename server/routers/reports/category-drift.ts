import { z } from "zod";
import { categoryDrift } from "../../domain/reports/category-drift";
import { categoryRef, fxFields, month, partialFlag, periodFields, share } from "./schemas";
import { windowedReport } from "./report-procedure";

export const categoryDriftAttributes = z.object({
  ...periodFields,
  period: z.enum(["recent", "full"]).describe("The range applied: recent or full."),
  currency_code: z.string().describe("ISO 4217 code of the home currency, in which spending is compared."),
  currency_symbol: z.string().describe("The home currency's symbol."),
  compared_month: month.describe(
    "The month whose shares change_pp compares with the first month's: the last month of the window that has ended (a month still running is not compared); the first month when none has.",
  ),
  categories: z
    .array(
      z.object({
        ...categoryRef,
        monthly_shares: z
          .array(
            z.object({
              month: month.describe("The month (YYYY-MM)."),
              share: share.describe("The category's share of that month's spending, in percent."),
              partial: partialFlag.describe("True when the month has not ended yet: its share so far, not compared."),
            }),
          )
          .meta({ description: "Share of the month's spending, in percent." }),
        change_pp: share.meta({
          description: "The compared month's share (compared_month) minus the first month's, in percentage points.",
        }),
        direction: z
          .enum(["growing", "shrinking", "stable"])
          .describe("growing when change_pp > +1, shrinking when < -1, else stable."),
      }),
    )
    .describe("Categories with spending in the window, largest |change_pp| first."),
  ...fxFields,
});

export const categoryDriftProcedure = windowedReport(
  {
    type: "category_drift",
    operationId: "getCategoryDrift",
    summary: "Category drift (endpoint 18)",
    description: "How each category's share of monthly spending moved over the window, largest change first.",
    component: {
      id: "CategoryDriftReport",
      description: "How each category's share of monthly spending moved over the window (endpoint 18).",
    },
    attributes: categoryDriftAttributes,
  },
  categoryDrift,
);
