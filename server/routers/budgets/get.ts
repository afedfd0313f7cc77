import { z } from "zod";
import { getBudget } from "../../domain/budgets/read-budgets";
import { workspaceProcedure } from "../../trpc/builders";
import { budgetResource, periodDateInput } from "./schemas";

export const getBudgetProcedure = workspaceProcedure("budgets:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/budgets/{id}",
      operationId: "getBudget",
      tags: ["budgets"],
      summary: "Get a budget (endpoint 11)",
      description:
        "The budget with spending, rollover and pace of the period containing period_date (default today, workspace timezone).",
    },
  })
  .input(z.object({ id: z.uuid().describe("The budget's id, from the budget list."), period_date: periodDateInput }))
  .output(z.object({ data: budgetResource.describe("The budget with the status of the selected period.") }))
  .query(async ({ ctx, input }) => {
    const budget = await getBudget({ db: ctx.db, workspace: ctx.caller.workspace }, input.id, {
      periodDate: input.period_date,
    });
    return { data: { type: "budgets" as const, ...budget } };
  });
