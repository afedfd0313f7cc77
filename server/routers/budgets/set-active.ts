import { setBudgetActive } from "../../domain/budgets/manage-budgets";
import { setBudgetActiveInput, budgetWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

/** Activates or deactivates a budget. */
export const setBudgetActiveProcedure = dashboardProcedure
  .input(setBudgetActiveInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) =>
    setBudgetActive({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
