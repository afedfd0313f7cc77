import { createRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { createRecurringRuleInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createRecurringRuleProcedure = dashboardProcedure
  .input(createRecurringRuleInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) => createRecurringRule(callerContext(ctx), input));
