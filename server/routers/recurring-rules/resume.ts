import { resumeRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput } from "../../schemas/recurring";
import { dashboardProcedure } from "../../trpc/builders";
import { recurringRuleWritten } from "./recurring-output";

export const resumeRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    resumeRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
