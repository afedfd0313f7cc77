import { z } from "zod";
import { cashFlowSummary as buildCashFlowSummary } from "../../../domain/reports/cash-flow-summary";
import { workspaceProcedure } from "../../../trpc";
import { moneyAggregate } from "../../shared/fields";
import { categoryRef, fxFields, money, month, periodFields, reportInput, reportOutput, share, windowRequest } from "./report-schema";

const attributes = z.object({
  ...periodFields,
  month,
  target_savings_rate: share,
  total_income_agg: moneyAggregate,
  total_expenses_agg: moneyAggregate.meta({ description: "Spending of the month, as positive amounts." }),
  savings_agg: moneyAggregate.meta({ description: "Income minus expenses." }),
  savings_rate: share.nullable().meta({ description: "savings / income * 100; null without income." }),
  income_sources: z.array(
    z.object({ account_id: z.uuid(), wallet_id: z.string(), name: z.string(), amount: money, percentage: share.nullable() }),
  ),
  expense_categories: z.array(z.object({ ...categoryRef, amount: money, percentage: share.nullable() })),
  monthly_trend: z.array(z.object({ month, income: money, expenses: money, savings: money, savings_rate: share.nullable() })),
  fx_losses_home: money.meta({ description: "Value lost to exchange rates by the month's transfers between currencies." }),
  ...fxFields,
});

export const cashFlowSummary = workspaceProcedure("reports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/reports/cash-flow-summary",
      operationId: "getCashFlowSummary",
      tags: ["reports"],
      summary: "Cash-flow summary (endpoint 19)",
      description: "Income, expenses and savings of the month in the home currency, with sources, categories and the trend.",
    },
  })
  .input(reportInput)
  .output(reportOutput("cash_flow_summary", attributes))
  .query(async ({ ctx, input }) => ({
    data: await buildCashFlowSummary({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
