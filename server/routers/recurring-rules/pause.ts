import { pauseRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput } from "../../schemas/recurring";
import { dashboardProcedure } from "../../trpc/builders";
import { recurringRuleWritten } from "./recurring-output";

export const pauseRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    pauseRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
