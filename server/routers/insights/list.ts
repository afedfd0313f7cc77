import { z } from "zod";
import { PERIOD_PATTERN } from "../../domain/insights/insight-id";
import { listInsights } from "../../domain/insights/list-insights";
import { workspaceProcedure } from "../../trpc/builders";
import { iso, timestamp } from "../shared/schemas";
import { insight, type TypedInsight } from "./schemas";

export const listInsightsProcedure = workspaceProcedure("insights:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/insights",
      operationId: "listInsights",
      tags: ["insights"],
      summary: "List insights (endpoint 9)",
      description:
        "Insights for a month (workspace timezone), optionally for some accounts only. Cached for an hour, computed again at once after the workspace's data changes.",
    },
  })
  .input(
    z.object({
      period: z
        .string()
        .regex(PERIOD_PATTERN, "must be a month (YYYY-MM) from 1900-01 to 2199-12")
        .meta({ description: "The month (YYYY-MM).", example: "2026-10" }),
      account_ids: z
        .array(z.uuid())
        .max(100)
        .meta({
          description:
            "Repeat the parameter (`account_ids=a&account_ids=b`); at most 100. Restricts transaction-based insights and bills to these accounts.",
        })
        .optional(),
    }),
  )
  .output(
    z.object({
      insights: z
        .array(insight)
        .describe("The month's insights: high priority first, then the latest triggered_at, then id."),
      generated_at: timestamp.describe("When the list was computed."),
      next_refresh_at: timestamp.describe(
        "When it is computed again at the latest (generated_at + 1 hour); sooner when the workspace's data changes.",
      ),
    }),
  )
  .query(async ({ ctx, input }) => {
    const result = await listInsights(
      { db: ctx.db, workspace: ctx.caller.workspace },
      { period: input.period, accountIds: input.account_ids },
    );
    return {
      insights: result.insights as TypedInsight[],
      generated_at: iso(result.generatedAt),
      next_refresh_at: iso(result.nextRefreshAt),
    };
  });
