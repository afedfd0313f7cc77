import { categoryDrift as buildCategoryDrift } from "../../../domain/reports/category-drift";
import { sessionProcedure } from "../../../trpc";
import { reportInput, windowRequest } from "../../programmatic/reports/report-schema";

/** The reports page: endpoint 18's report for the session's workspace (same domain function, same query). */
export const categoryDrift = sessionProcedure
  .input(reportInput)
  .query(async ({ ctx, input }) => ({
    data: await buildCategoryDrift({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
