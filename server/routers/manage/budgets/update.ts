import { updateBudget as updateWorkspaceBudget } from "../../../domain/budgets/manage-budgets";
import { updateBudgetInput } from "../../../schemas/budgets";
import { sessionProcedure } from "../../../trpc";
import { budgetWritten } from "./budget-output";

export const updateBudget = sessionProcedure
  .input(updateBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) => updateWorkspaceBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input));
