import { z } from "zod";
import { budgetsByIds, listBudgets } from "../../domain/budgets/read-budgets";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMetaOf } from "../shared/list";
import { deletedRows, deltaAnswer, knowledgeBeforeRead, sinceInput, syncListMeta } from "../shared/sync";
import { queryBoolean } from "../shared/schemas";
import { budgetResource, periodDateInput } from "./schemas";

export const listBudgetsProcedure = workspaceProcedure("budgets:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/budgets",
      operationId: "listBudgets",
      tags: ["budgets"],
      summary: "List budgets (extension)",
      description:
        "Every budget of the workspace (only active or inactive ones with active=true|false), each with the status of the period containing period_date.",
    },
  })
  .input(
    z.object({
      ...listInput,
      active: queryBoolean
        .describe("true: active budgets only; false: inactive ones only; absent: every budget.")
        .optional(),
      period_date: periodDateInput,
      ...sinceInput,
    }),
  )
  .output(
    z.object({
      data: z.array(budgetResource).describe("One page of budgets, by order, then name, then id."),
      deleted: deletedRows,
      meta: syncListMeta.describe("How to read the next page, and the token for since."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    // period_date shapes each budget's figures, so a delta takes it too.
    const delta = await deltaAnswer(context, "budgets", input, { active: input.active }, async (ids) =>
      (await budgetsByIds(context, ids, input.period_date)).map((item) => ({ type: "budgets" as const, ...item })),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "budgets");
    const request = pageRequest(input);
    const filter = { active: input.active, periodDate: input.period_date };
    const page = await listBudgets(context, request, filter);
    return {
      data: page.items.map((item) => ({ type: "budgets" as const, ...item })),
      meta: { ...listMetaOf(request, page), server_knowledge },
    };
  });
