import { updateBudget } from "../../domain/budgets/manage-budgets";
import { updateBudgetInput, budgetWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const updateBudgetProcedure = dashboardProcedure
  .input(updateBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    updateBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
