import { createBudget } from "../../domain/budgets/manage-budgets";
import { createBudgetInput, budgetWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const createBudgetProcedure = dashboardProcedure
  .input(createBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    createBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
