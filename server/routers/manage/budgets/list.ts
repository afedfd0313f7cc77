import { z } from "zod";
import { listBudgetsForManagement } from "../../../domain/budgets/manage-budgets";
import { sessionProcedure } from "../../../trpc";
import { pageInput, pageMeta, pageMetaOf } from "../../shared/schemas";
import { managedBudget } from "./budget-output";

/** The budgets page: every budget (or only active / inactive ones) with the current period of endpoint 11. */
export const listBudgets = sessionProcedure
  .input(z.object({ ...pageInput, active: z.boolean().optional() }))
  .output(z.object({ data: z.array(managedBudget), meta: pageMeta }))
  .query(async ({ ctx, input }) => {
    const { items, total } = await listBudgetsForManagement({ db: ctx.db, workspace: ctx.caller.workspace }, input);
    return { data: items.map((item) => ({ type: "budgets" as const, ...item })), meta: pageMetaOf(input.page, input.limit, total) };
  });
