import { pauseRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const pauseRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    pauseRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
