import { cashFlowSummary as buildCashFlowSummary } from "../../../domain/reports/cash-flow-summary";
import { sessionProcedure } from "../../../trpc";
import { reportInput, windowRequest } from "../../programmatic/reports/report-schema";

/** The reports page: endpoint 19's report for the session's workspace (same domain function, same query). */
export const cashFlowSummary = sessionProcedure
  .input(reportInput)
  .query(async ({ ctx, input }) => ({
    data: await buildCashFlowSummary({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
