import { setBudgetActive } from "../../domain/budgets/manage-budgets";
import { setBudgetActiveInput, budgetWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Activates or deactivates a budget. */
export const setBudgetActiveProcedure = dashboardProcedure
  .input(setBudgetActiveInput)
  .output(budgetWritten)
  .mutation(({ ctx, input }) => setBudgetActive(callerContext(ctx), input));
