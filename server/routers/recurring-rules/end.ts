import { endRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const endRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) => endRecurringRule(callerContext(ctx), input));
