import { uncategorizedClusters as buildUncategorizedClusters } from "../../../domain/reports/uncategorized-clusters";
import { sessionProcedure } from "../../../trpc";
import { noInput } from "../../programmatic/reports/report-schema";

/** The reports page: endpoint 16's report (no parameters: the full window ending this month). */
export const uncategorizedClusters = sessionProcedure
  .input(noInput)
  .query(async ({ ctx }) => ({
    data: await buildUncategorizedClusters({ db: ctx.db, workspace: ctx.caller.workspace }),
  }));
