import { createBudget } from "../../domain/budgets/manage-budgets";
import { createBudgetInput } from "../../schemas/budgets";
import { dashboardProcedure } from "../../trpc/builders";
import { budgetWritten } from "./budget-output";

export const createBudgetProcedure = dashboardProcedure
  .input(createBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    createBudget({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
