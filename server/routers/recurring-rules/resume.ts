import { resumeRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const resumeRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) => resumeRecurringRule(callerContext(ctx), input));
