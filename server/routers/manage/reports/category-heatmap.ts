import { categoryHeatmap as buildCategoryHeatmap } from "../../../domain/reports/category-heatmap";
import { sessionProcedure } from "../../../trpc";
import { reportInput, windowRequest } from "../../programmatic/reports/report-schema";

/** The reports page: endpoint 14's report for the session's workspace (same domain function, same query). */
export const categoryHeatmap = sessionProcedure
  .input(reportInput)
  .query(async ({ ctx, input }) => ({
    data: await buildCategoryHeatmap({ db: ctx.db, workspace: ctx.caller.workspace }, windowRequest(input)),
  }));
