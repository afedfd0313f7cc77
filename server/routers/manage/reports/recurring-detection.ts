import { recurringDetection as buildRecurringDetection } from "../../../domain/reports/recurring-detection";
import { sessionProcedure } from "../../../trpc";
import { noInput } from "../../programmatic/reports/report-schema";

/** The reports page: endpoint 17's report (no parameters: the full window ending this month). */
export const recurringDetection = sessionProcedure
  .input(noInput)
  .query(async ({ ctx }) => ({
    data: await buildRecurringDetection({ db: ctx.db, workspace: ctx.caller.workspace }),
  }));
