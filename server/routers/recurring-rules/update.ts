import { updateRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { updateRecurringRuleInput } from "../../schemas/recurring";
import { dashboardProcedure } from "../../trpc/builders";
import { recurringRuleWritten } from "./recurring-output";

export const updateRecurringRuleProcedure = dashboardProcedure
  .input(updateRecurringRuleInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    updateRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
