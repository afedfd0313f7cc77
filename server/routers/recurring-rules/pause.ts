import { pauseRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const pauseRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) => pauseRecurringRule(callerContext(ctx), input));
