import { updateBudget } from "../../domain/budgets/manage-budgets";
import { updateBudgetInput } from "../../schemas/budgets";
import { dashboardProcedure } from "../../trpc/builders";
import { budgetWritten } from "./budget-output";

export const updateBudgetProcedure = dashboardProcedure
  .input(updateBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    updateBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
