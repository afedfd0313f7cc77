import { z } from "zod";
import { uncategorizedClusters } from "../../domain/reports/uncategorized-clusters";
import { day, moneyAggregate } from "../shared/fields";
import { descriptionPattern, fxFields, money, periodFields } from "./schemas";
import { wholeHistoryReport } from "./report-procedure";

const attributes = z.object({
  ...periodFields,
  currency_code: z.string().describe("ISO 4217 code of the home currency, in which the amounts are given."),
  currency_symbol: z.string().describe("The home currency's symbol."),
  analysis_period_months: z.number().int().describe("Months analysed: the full range ending with the current month."),
  total_uncategorized_count: z.number().int().describe("Uncategorised income and expenses in the window."),
  clusters: z
    .array(
      z.object({
        description_pattern: descriptionPattern,
        count: z.number().int().describe("Transactions in the cluster."),
        total_amount: money.meta({ description: "Signed sum in the home currency." }),
        avg_amount: money.describe("total_amount / the transactions converted."),
        last_date: day.describe("The latest transaction's date."),
        sample_transaction_ids: z.array(z.uuid()).meta({ description: "Up to 5 transaction ids, newest first." }),
        total_amount_agg: moneyAggregate.describe("The cluster's sum per currency and in the home currency."),
        ...fxFields,
        suggested_category_id: z
          .uuid()
          .nullable()
          .describe(
            "Extension: the category your own categorised transactions suggest for the pattern (a default for a rule); null when none is sure enough.",
          ),
        suggested_category_confidence: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .describe("How sure, 0 to 1; null without a suggestion."),
        suggested_category_reason: z.string().nullable().describe("Why, for a person; null without a suggestion."),
      }),
    )
    .describe("Clusters with the most transactions first, at most 50."),
  ...fxFields,
});

export const uncategorizedClustersProcedure = wholeHistoryReport(
  {
    type: "uncategorized_clusters",
    operationId: "getUncategorizedClusters",
    summary: "Uncategorised clusters (endpoint 16)",
    description:
      "Uncategorised transactions grouped by their description pattern, largest clusters first (at most 50).",
    component: {
      id: "UncategorizedClustersReport",
      description: "Uncategorised transactions grouped by description pattern (endpoint 16).",
    },
    attributes,
  },
  uncategorizedClusters,
);
