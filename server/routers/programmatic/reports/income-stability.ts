import { z } from "zod";
import { incomeStability as buildIncomeStability } from "../../../domain/reports/income-stability";
import { workspaceProcedure } from "../../../trpc";
import { moneyAggregate } from "../../shared/fields";
import { fxFields, money, month, periodFields, reportInput, reportOutput, windowRequest } from "./report-schema";

const attributes = z.object({
  ...periodFields,
  period: z.enum(["recent", "full"]),
  currency_code: z.string(),
  currency_symbol: z.string(),
  monthly_incomes: z.array(z.object({ month, amount: money })).meta({ description: "Every month of the window, 0 without income." }),
  mean: money,
  stddev: money.meta({ description: "Population standard deviation of the monthly incomes." }),
  cv: z.string().nullable().meta({ description: "stddev / mean with 4 places; null when the mean is 0.", example: "0.1250" }),
  trend: z.enum(["increasing", "decreasing", "stable"]),
  forecast_next_month: money,
  total_income_agg: moneyAggregate,
  ...fxFields,
});

export const incomeStability = workspaceProcedure("reports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/reports/income-stability",
      operationId: "getIncomeStability",
      tags: ["reports"],
      summary: "Income stability (endpoint 15)",
      description: "Monthly income in the home currency, its spread, trend and next month's forecast.",
    },
  })
  .input(reportInput)
  .output(reportOutput("income_stability", attributes))
  .query(async ({ ctx, input }) => ({
    data: await buildIncomeStability({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
