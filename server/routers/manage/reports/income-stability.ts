import { incomeStability as buildIncomeStability } from "../../../domain/reports/income-stability";
import { sessionProcedure } from "../../../trpc";
import { reportInput, windowRequest } from "../../programmatic/reports/report-schema";

/** The reports page: endpoint 15's report for the session's workspace (same domain function, same query). */
export const incomeStability = sessionProcedure
  .input(reportInput)
  .query(async ({ ctx, input }) => ({
    data: await buildIncomeStability({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
