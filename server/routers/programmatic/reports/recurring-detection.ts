import { z } from "zod";
import { recurringDetection as buildRecurringDetection } from "../../../domain/reports/recurring-detection";
import { workspaceProcedure } from "../../../trpc";
import { day, moneyAggregate } from "../../shared/fields";
import { fxFields, money, noInput, periodFields, reportOutput } from "./report-schema";

const attributes = z.object({
  ...periodFields,
  analysis_period_months: z.number().int(),
  detected: z.array(
    z.object({
      description_pattern: z.string(),
      suggested_name: z.string(),
      avg_amount: money.meta({ description: "Signed average in the home currency." }),
      frequency: z.enum(["weekly", "biweekly", "monthly", "quarterly", "yearly"]),
      count: z.number().int(),
      last_date: day,
      amount_variance: z.string().meta({ description: "Coefficient of variation of the amounts, 4 places.", example: "0.0125" }),
      suggested_action: z.enum(["create_subscription", "create_rule"]),
    }),
  ),
  total_estimated_monthly_agg: moneyAggregate.meta({ description: "The detected expenses as a monthly amount, positive." }),
  ...fxFields,
});

export const recurringDetection = workspaceProcedure("reports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/reports/recurring-detection",
      operationId: "getRecurringDetection",
      tags: ["reports"],
      summary: "Recurring detection (endpoint 17)",
      description: "Recurring income and expenses that no recurring rule tracks yet.",
    },
  })
  .input(noInput)
  .output(reportOutput("recurring_detection", attributes))
  .query(async ({ ctx }) => ({
    data: await buildRecurringDetection({ db: ctx.db, workspace: ctx.caller.workspace }),
  }));
