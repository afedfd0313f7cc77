import { createRecurringRule } from "../../domain/recurring/manage-recurring-rules";
import { createRecurringRuleInput, recurringRuleWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";

export const createRecurringRuleProcedure = dashboardProcedure
  .input(createRecurringRuleInput)
  .output(recurringRuleWritten)
  .mutation(({ ctx, input }) =>
    createRecurringRule({ db: ctx.db, workspace: ctx.caller.workspace, userId: ctx.caller.user.id }, input),
  );
