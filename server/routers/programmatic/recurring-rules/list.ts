import { z } from "zod";
import { listRecurringRules as listWorkspaceRecurringRules } from "../../../domain/recurring/list-recurring-rules";
import { workspaceProcedure } from "../../../trpc";
import { createdBy, day, money } from "../../shared/fields";
import { pageModeQuery, timestamp } from "../../shared/schemas";

export const recurringRule = z.object({
  id: z.uuid(),
  created_by_user_id: z.uuid().nullable(),
  name: z.string(),
  raw_name: z.string(),
  is_system_seed: z.boolean(),
  system_seed_key: z.string().nullable(),
  system_seed_source: z.string().nullable(),
  name_customized: z.boolean(),
  type: z.enum(["expense", "income", "transfer"]),
  kind: z.enum(["rule", "subscription"]),
  amount: money.meta({ description: "Positive; the direction follows `type`." }),
  currency_id: z.uuid(),
  currency_code: z.string(),
  currency_symbol: z.string(),
  account_id: z.uuid(),
  account_name: z.string().meta({ description: "The wallet's name, with ' (CODE)' when the wallet holds several currencies." }),
  destination_account_id: z.uuid().nullable(),
  destination_account_name: z.string().nullable(),
  category_id: z.uuid().nullable(),
  category_name: z.string().nullable(),
  frequency: z.enum(["daily", "weekly", "biweekly", "monthly", "quarterly", "yearly", "custom"]),
  custom_interval_days: z.number().int().nullable(),
  start_date: day,
  end_date: day.nullable(),
  next_occurrence_date: day.nullable().meta({
    description: "First occurrence on or after today (workspace timezone); null when paused, ended, or past end_date.",
  }),
  status: z.enum(["active", "paused", "ended"]),
  paused_at: timestamp.nullable(),
  auto_create: z.boolean(),
  catalog_item_id: z.uuid().nullable(),
  billing_url: z.string().nullable(),
  icon: z.string().nullable(),
  icon_url: z.string().nullable(),
  accent_color: z.string().nullable(),
  external_id: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  created_by: createdBy,
});

export const listRecurringRules = workspaceProcedure("recurring:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/recurring-rules",
      operationId: "listRecurringRules",
      tags: ["recurring-rules"],
      summary: "List recurring rules (endpoint 7)",
      description: "Recurring rules and subscriptions as flat objects, by name then id; page mode only (no cursor).",
    },
  })
  .input(
    pageModeQuery(
      {
        status: z.enum(["active", "paused", "ended"]).optional(),
        type: z.enum(["expense", "income", "transfer"]).meta({ description: "Transaction direction." }).optional(),
        kind: z.enum(["rule", "subscription"]).meta({ description: "rule: created automatically; subscription: tracked by hand." }).optional(),
        account_id: z.uuid().meta({ description: "Only rules paying from this (source) account." }).optional(),
      },
      "recurring rules",
    ),
  )
  .output(z.object({ data: z.array(recurringRule), meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }) }))
  .query(async ({ ctx, input }) => {
    const { page, limit } = input;
    const query = { page, limit, status: input.status, type: input.type, kind: input.kind, accountId: input.account_id };
    const result = await listWorkspaceRecurringRules({ db: ctx.db, workspace: ctx.caller.workspace }, query);
    return { data: result.items, meta: { total: result.total, page, limit } };
  });
