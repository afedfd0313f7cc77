import { z } from "zod";
import { decodePathId } from "../../domain/insights/insight-id";
import { getInsight } from "../../domain/insights/list-insights";
import { workspaceProcedure } from "../../trpc/builders";
import { insight, type TypedInsight } from "./schemas";

export const getInsightProcedure = workspaceProcedure("insights:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/insights/{id}",
      operationId: "getInsight",
      tags: ["insights"],
      summary: "Get an insight (endpoint 8)",
      description:
        "The insight with this logical id, from its period's list for every account; 404 when the facts no longer produce it.",
    },
  })
  .input(
    z.object({
      id: z
        .string()
        .min(1)
        .max(300)
        .meta({ description: "The logical key returned by the list (e.g. `budget_overspend:2026-10:<budget id>`)." }),
    }),
  )
  .output(z.object({ data: insight.describe("The insight.") }))
  .query(async ({ ctx, input }) => {
    const found = await getInsight({ db: ctx.db, workspace: ctx.caller.workspace }, decodePathId(input.id));
    return { data: found as TypedInsight };
  });
