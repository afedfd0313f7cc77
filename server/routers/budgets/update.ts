import { updateBudget } from "../../domain/budgets/manage-budgets";
import { updateBudgetInput, budgetWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const updateBudgetProcedure = dashboardProcedure
  .input(updateBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) => updateBudget(callerContext(ctx), input));
