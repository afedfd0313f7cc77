import { z } from "zod";
import { incomeStability } from "../../domain/reports/income-stability";
import { moneyAggregate } from "../shared/fields";
import { fxFields, money, month, partialFlag, periodFields } from "./schemas";
import { windowedReport } from "./report-procedure";

const attributes = z.object({
  ...periodFields,
  period: z.enum(["recent", "full"]).describe("The range applied: recent or full."),
  currency_code: z.string().describe("ISO 4217 code of the home currency, in which every amount is given."),
  currency_symbol: z.string().describe("The home currency's symbol."),
  monthly_incomes: z
    .array(
      z.object({
        month: month.describe("The month (YYYY-MM)."),
        amount: money.describe("Income of the month; 0.00 without income."),
        partial: partialFlag.describe(
          "True when the month has not ended yet: its income so far, left out of the statistics.",
        ),
      }),
    )
    .meta({ description: "Every month of the window, 0 without income." }),
  mean: money.describe("Mean of the monthly incomes of the months that have ended."),
  stddev: money.meta({
    description: "Population standard deviation of the monthly incomes of the months that have ended.",
  }),
  cv: z
    .string()
    .nullable()
    .meta({ description: "stddev / mean with 4 places; null when the mean is 0.", example: "0.1250" }),
  trend: z
    .enum(["increasing", "decreasing", "stable"])
    .describe(
      "From the least-squares slope of the monthly incomes of the months that have ended: increasing when slope / |mean| > 0.02, decreasing when < -0.02, else stable.",
    ),
  forecast_next_month: money.describe(
    "The line fitted to the months that have ended, at the month after the window; at least 0.",
  ),
  statistics_months: z
    .number()
    .int()
    .describe(
      "Months the statistics (mean, stddev, cv, trend, forecast) are computed from: the window's months that have ended; a month still running is left out.",
    ),
  total_income_agg: moneyAggregate.describe("All income of the window."),
  ...fxFields,
});

export const incomeStabilityProcedure = windowedReport(
  {
    type: "income_stability",
    operationId: "getIncomeStability",
    summary: "Income stability (endpoint 15)",
    description: "Monthly income in the home currency, its spread, trend and next month's forecast.",
    component: {
      id: "IncomeStabilityReport",
      description: "Monthly income in the home currency, its spread, trend and next month's forecast (endpoint 15).",
    },
    attributes,
  },
  incomeStability,
);
