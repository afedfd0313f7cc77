import { z } from "zod";
import { recurringDetection } from "../../domain/reports/recurring-detection";
import { day, moneyAggregate } from "../shared/fields";
import { descriptionPattern, fxFields, money, periodFields } from "./schemas";
import { wholeHistoryReport } from "./report-procedure";

const attributes = z.object({
  ...periodFields,
  analysis_period_months: z.number().int().describe("Months analysed: the full range ending with the current month."),
  detected: z
    .array(
      z.object({
        description_pattern: descriptionPattern,
        suggested_name: z.string().describe("A name for a rule or subscription made from the series."),
        avg_amount: money.meta({ description: "Signed average in the home currency." }),
        frequency: z
          .enum(["weekly", "biweekly", "monthly", "quarterly", "yearly"])
          .describe(
            "The cadence the gaps fit: weekly 5-9 days, biweekly 11-17, monthly 25-34, quarterly 84-97, yearly 358-372.",
          ),
        count: z.number().int().describe("Occurrences in the series (at least 3; yearly 2)."),
        last_date: day.describe("The latest occurrence's date."),
        amount_variance: z
          .string()
          .meta({ description: "Coefficient of variation of the amounts, 4 places.", example: "0.0125" }),
        suggested_action: z
          .enum(["create_subscription", "create_rule"])
          .describe("create_subscription for an expense, create_rule for income."),
      }),
    )
    .describe("Series no recurring rule covers yet."),
  total_estimated_monthly_agg: moneyAggregate.meta({
    description: "The detected expenses as a monthly amount, positive.",
  }),
  ...fxFields,
});

export const recurringDetectionProcedure = wholeHistoryReport(
  {
    type: "recurring_detection",
    operationId: "getRecurringDetection",
    summary: "Recurring detection (endpoint 17)",
    description: "Recurring income and expenses that no recurring rule tracks yet.",
    component: {
      id: "RecurringDetectionReport",
      description: "Recurring income and expenses that no recurring rule tracks yet (endpoint 17).",
    },
    attributes,
  },
  recurringDetection,
);
