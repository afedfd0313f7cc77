import { resumeRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const resumeRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    resumeRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
