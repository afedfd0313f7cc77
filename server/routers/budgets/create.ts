import { createBudget } from "../../domain/budgets/manage-budgets";
import { createBudgetInput, budgetWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createBudgetProcedure = dashboardProcedure
  .input(createBudgetInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) => createBudget(callerContext(ctx), input));
