import { z } from "zod";
import { listGoals as listWorkspaceGoals } from "../../../domain/goals/list-goals";
import { pageRequest } from "../../../domain/pagination";
import { workspaceProcedure } from "../../../trpc";
import { createdBy, day, money, month } from "../../shared/fields";
import { listInput, listMeta, listMetaOf } from "../../shared/list";
import { resource, timestamp } from "../../shared/schemas";

const opaqueObject = z.record(z.string(), z.unknown());

export const goalAttributes = z.object({
  created_by_user_id: z.uuid().nullable(),
  name: z.string(),
  raw_name: z.string(),
  is_system_seed: z.boolean(),
  system_seed_key: z.string().nullable(),
  system_seed_source: z.string().nullable(),
  name_customized: z.boolean(),
  icon: z.string().nullable(),
  icon_url: z.string().nullable(),
  cover_image: opaqueObject.nullable(),
  accent_color: z.string().nullable(),
  currency_id: z.uuid(),
  target_amount: money,
  monthly_contribution: money.nullable(),
  current_saved: money.meta({ description: "The linked wallet's balance today in the goal currency, else the saved amount." }),
  saved_amount: money.meta({ description: "Extension: the saved amount kept on the goal by hand (current_saved while no wallet is linked)." }),
  target_date: day.nullable(),
  linked_wallet_id: z.uuid().nullable(),
  order: z.number().int(),
  status: z.enum(["active", "achieved", "abandoned"]),
  created_at: timestamp,
  updated_at: timestamp,
  monthly_pace: money.meta({ description: "monthly_contribution, else the linked wallet's average net change over the last 3 full months, else 0." }),
  expected_completion_date: day.nullable(),
  on_track: z.boolean(),
  pace: z.enum(["achieved", "ahead", "on_track", "behind"]),
  pace_detail: z.object({
    remaining_amount: money,
    required_monthly: money.nullable(),
    months_remaining: z.number().int().nullable(),
    progress_percentage: z.string().nullable(),
  }),
  auto_contribution: opaqueObject.nullable(),
  eta_month: month.nullable(),
  overdue: z.boolean(),
  version: z.number().int(),
  created_by: createdBy,
});

export const listGoals = workspaceProcedure("goals:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/goals",
      operationId: "listGoals",
      tags: ["goals"],
      summary: "List goals (endpoint 12)",
      description: "Savings goals with progress and pace as of today in the workspace timezone; active goals unless status says otherwise.",
    },
  })
  .input(
    z.object({
      ...listInput,
      status: z
        .enum(["active", "achieved", "abandoned", "all"])
        .default("active")
        .meta({ description: "Goals in this status (default active); all includes closed goals." }),
    }),
  )
  .output(z.object({ data: z.array(resource("goals", goalAttributes)), meta: listMeta }))
  .query(async ({ ctx, input }) => {
    const request = pageRequest(input);
    const page = await listWorkspaceGoals({ db: ctx.db, workspace: ctx.caller.workspace }, request, { status: input.status });
    return {
      data: page.items.map((item) => ({ type: "goals" as const, ...item })),
      meta: listMetaOf(request, page),
    };
  });
