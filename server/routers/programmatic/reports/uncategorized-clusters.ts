import { z } from "zod";
import { uncategorizedClusters as buildUncategorizedClusters } from "../../../domain/reports/uncategorized-clusters";
import { workspaceProcedure } from "../../../trpc";
import { day, moneyAggregate } from "../../shared/fields";
import { fxFields, money, noInput, periodFields, reportOutput } from "./report-schema";

const attributes = z.object({
  ...periodFields,
  currency_code: z.string(),
  currency_symbol: z.string(),
  analysis_period_months: z.number().int(),
  total_uncategorized_count: z.number().int(),
  clusters: z.array(
    z.object({
      description_pattern: z.string(),
      count: z.number().int(),
      total_amount: money.meta({ description: "Signed sum in the home currency." }),
      avg_amount: money,
      last_date: day,
      sample_transaction_ids: z.array(z.string()).meta({ description: "Up to 5, newest first." }),
      total_amount_agg: moneyAggregate,
      ...fxFields,
    }),
  ),
  ...fxFields,
});

export const uncategorizedClusters = workspaceProcedure("reports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/reports/uncategorized-clusters",
      operationId: "getUncategorizedClusters",
      tags: ["reports"],
      summary: "Uncategorised clusters (endpoint 16)",
      description: "Uncategorised transactions grouped by their description pattern, largest clusters first (at most 50).",
    },
  })
  .input(noInput)
  .output(reportOutput("uncategorized_clusters", attributes))
  .query(async ({ ctx }) => ({
    data: await buildUncategorizedClusters({ db: ctx.db, workspace: ctx.caller.workspace }),
  }));
