import { createBudget as createWorkspaceBudget } from "../../domain/budgets/manage-budgets";
import { createBudgetInput } from "../../schemas/budgets";
import { dashboardProcedure } from "../../trpc/builders";
import { budgetWritten } from "./budget-output";

export const createBudget = dashboardProcedure
  .input(createBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    createWorkspaceBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
