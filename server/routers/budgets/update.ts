import { updateBudget as updateWorkspaceBudget } from "../../domain/budgets/manage-budgets";
import { updateBudgetInput } from "../../schemas/budgets";
import { dashboardProcedure } from "../../trpc/builders";
import { budgetWritten } from "./budget-output";

export const updateBudget = dashboardProcedure
  .input(updateBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    updateWorkspaceBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
