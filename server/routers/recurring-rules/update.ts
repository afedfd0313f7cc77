import { updateRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { updateRecurringRuleInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const updateRecurringRuleProcedure = dashboardProcedure
  .input(updateRecurringRuleInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    updateRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
