import { z } from "zod";
import { goalsByIds, listGoals } from "../../domain/goals/list-goals";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { createdBy, day, money, month } from "../shared/fields";
import { listInput, listMetaOf } from "../shared/list";
import { deletedRows, deltaAnswer, knowledgeBeforeRead, sinceInput, syncListMeta } from "../shared/sync";
import { resource, timestamp } from "../shared/schemas";

const opaqueObject = z.record(z.string(), z.unknown());

export const goalAttributes = z
  .object({
    created_by_user_id: z.uuid().nullable().describe("The user who created it; null when the service created it."),
    name: z.string().describe("The goal's name."),
    raw_name: z.string().describe("The name the goal was created with."),
    is_system_seed: z
      .boolean()
      .describe("True for a goal the service suggested (a seed) rather than one a person created."),
    system_seed_key: z.string().nullable().describe("Key of that seed; null for goals people created."),
    system_seed_source: z
      .string()
      .nullable()
      .describe("Where the seed came from, e.g. category_seed; null for goals people created."),
    name_customized: z.boolean().describe("True when name differs from raw_name (renamed since)."),
    icon: z.string().nullable().describe("Icon name for display; null for none."),
    icon_url: z.string().nullable().describe("URL of an icon image; null for none."),
    cover_image: opaqueObject.nullable().describe("Cover image settings as stored (an opaque object); null for none."),
    accent_color: z.string().nullable().describe("Display colour, #rrggbb; null for none."),
    currency_id: z.uuid().describe("The goal currency's id; every amount of the goal is in it."),
    target_amount: money.describe("The amount to save."),
    monthly_contribution: money.nullable().describe("The planned saving per month; null when not planned."),
    current_saved: money.meta({
      description: "The linked wallet's balance today in the goal currency, else the saved amount.",
    }),
    saved_amount: money.meta({
      description: "Extension: the saved amount kept on the goal by hand (current_saved while no wallet is linked).",
    }),
    target_date: day.nullable().describe("The day the target should be reached; null for no deadline."),
    linked_wallet_id: z
      .uuid()
      .nullable()
      .describe("The wallet whose balance is the saved amount; null when the amount is kept by hand."),
    order: z.number().int().describe("Position in lists (ascending); the list sorts by order, then name, then id."),
    status: z.enum(["active", "achieved", "abandoned"]).describe("active, achieved (marked reached) or abandoned."),
    created_at: timestamp.describe("When the goal was created."),
    updated_at: timestamp.describe("When the goal last changed."),
    monthly_pace: money.meta({
      description:
        "monthly_contribution, else the linked wallet's average net change over the last 3 full months, else 0.",
    }),
    expected_completion_date: day
      .nullable()
      .describe(
        "today + ceil(remaining / monthly_pace) months; today when nothing remains; null when monthly_pace <= 0 or when that day would be after 2199-12-31.",
      ),
    on_track: z.boolean().describe("True when pace is achieved, ahead or on_track."),
    pace: z
      .enum(["achieved", "ahead", "on_track", "behind"])
      .describe(
        "achieved: status achieved or nothing remains; ahead: no target_date, or monthly_pace >= required_monthly * 1.1; on_track: monthly_pace >= required_monthly; else behind.",
      ),
    pace_detail: z
      .object({
        remaining_amount: money.describe("max(0, target_amount - current_saved)."),
        required_monthly: money.nullable().describe("remaining_amount / months_remaining; null without target_date."),
        months_remaining: z
          .number()
          .int()
          .nullable()
          .describe("Calendar months from this month to target_date's month, at least 1; null without target_date."),
        progress_percentage: z
          .string()
          .nullable()
          .describe("current_saved / target_amount * 100, 2 places, not capped; null for a 0 target."),
      })
      .describe("The figures behind pace."),
    auto_contribution: opaqueObject
      .nullable()
      .describe("Automatic contribution settings as stored (an opaque object); null for none."),
    eta_month: month.nullable().describe("The month of expected_completion_date (YYYY-MM); null when that is null."),
    overdue: z.boolean().describe("True when target_date is before today and pace is not achieved."),
    version: z.number().int().describe("Starts at 1 and grows by one with every change."),
    created_by: createdBy,
  })
  .describe("The goal's fields; progress and pace as of today in the workspace timezone, in the goal currency.");

const goalResource = resource("goals", goalAttributes).meta({
  id: "Goal",
  description: "A savings goal with its progress and pace.",
});

export const listGoalsProcedure = workspaceProcedure("goals:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/goals",
      operationId: "listGoals",
      tags: ["goals"],
      summary: "List goals (endpoint 12)",
      description:
        "Savings goals with progress and pace as of today in the workspace timezone; active goals unless status says otherwise.",
    },
  })
  .input(
    z.object({
      ...listInput,
      status: z
        .enum(["active", "achieved", "abandoned", "all"])
        .default("active")
        .meta({
          description:
            "Goals in this status (default active); all includes closed goals. A read with since has every changed goal, " +
            "whatever its status (status other than the default is 400 with since).",
        }),
      ...sinceInput,
    }),
  )
  .output(
    z.object({
      data: z.array(goalResource).describe("One page of goals, by order, then name, then id."),
      deleted: deletedRows,
      meta: syncListMeta.describe("How to read the next page, and the token for since."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    const status = input.status === "active" ? undefined : input.status;
    const delta = await deltaAnswer(context, "goals", input, { status }, async (ids) =>
      (await goalsByIds(context, ids)).map((item) => ({ type: "goals" as const, ...item })),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "goals");
    const request = pageRequest(input);
    const page = await listGoals(context, request, { status: input.status });
    return {
      data: page.items.map((item) => ({ type: "goals" as const, ...item })),
      meta: { ...listMetaOf(request, page), server_knowledge },
    };
  });
