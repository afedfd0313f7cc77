import { updateRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { updateRecurringRuleInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const updateRecurringRuleProcedure = dashboardProcedure
  .input(updateRecurringRuleInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) => updateRecurringRule(callerContext(ctx), input));
