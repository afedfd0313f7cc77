import { z } from "zod";
import { PERIOD_PATTERN } from "../../../domain/insights/insight-id";
import { listInsights as listWorkspaceInsights } from "../../../domain/insights/list-insights";
import { sessionProcedure } from "../../../trpc";
import { insight } from "../../programmatic/insights/insight-schema";
import { iso, timestamp } from "../../shared/schemas";

/** The reports page's insights panel: endpoint 9's list for a month, every account. */
export const listInsights = sessionProcedure
  .input(z.object({ period: z.string().regex(PERIOD_PATTERN, "must be a month (YYYY-MM) from 1900-01 to 2199-12") }))
  .output(z.object({ insights: z.array(insight), generated_at: timestamp, next_refresh_at: timestamp }))
  .query(async ({ ctx, input }) => {
    const result = await listWorkspaceInsights({ db: ctx.db, workspace: ctx.caller.workspace }, { period: input.period });
    return { insights: result.insights, generated_at: iso(result.generatedAt), next_refresh_at: iso(result.nextRefreshAt) };
  });
