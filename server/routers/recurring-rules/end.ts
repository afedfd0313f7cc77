import { endRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { recurringRuleIdInput } from "../../schemas/recurring";
import { dashboardProcedure } from "../../trpc/builders";
import { recurringRuleWritten } from "./recurring-output";

export const endRecurringRuleProcedure = dashboardProcedure
  .input(recurringRuleIdInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    endRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
