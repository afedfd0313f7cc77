import { z } from "zod";
import { INSIGHT_TYPES } from "../../domain/insights/types";
import { timestamp } from "../shared/schemas";

/** The spec's insight: a flat object (no type/attributes wrapper). */
export const insight = z
  .object({
    id: z.string().meta({
      description: "Stable logical key `type:YYYY-MM[:...]`: the same facts give the same id.",
      example: "anomaly:2026-10:0b6f3c1e-8f7a-4d0e-9a57-3f1c2d4e5f60",
    }),
    type: z
      .enum(INSIGHT_TYPES)
      .describe(
        "What was noticed: anomaly (an unusually large expense), budget_overspend, budget_pace (a budget at risk), goal_off_track, upcoming_bill (a recurring expense due within 7 days), spending_spike (a category far above its 3-month average), income_drop, uncategorized_backlog.",
      ),
    priority: z.enum(["high", "medium", "low"]).describe("How much it matters; lists put high first."),
    triggered_at: timestamp.meta({
      description: "Derived from the facts (a day at 00:00:00.000Z), so it is stable too.",
    }),
    entity_id: z
      .uuid()
      .nullable()
      .meta({ description: "The transaction, budget, goal, recurring rule or category the insight is about." }),
    associated_transaction_id: z
      .uuid()
      .nullable()
      .describe("The transaction behind the insight (an anomaly's); null for the other types."),
    payload: z
      .record(z.string(), z.unknown())
      .meta({ description: "The figures behind the insight; amounts are decimal strings." }),
  })
  .meta({ id: "Insight", description: "Something worth a look in a month's data, as a flat object." });
