import { z } from "zod";
import { listRecurringRules, recurringRulesByIds } from "../../domain/recurring/list-recurring-rules";
import { workspaceProcedure } from "../../trpc/builders";
import { createdBy, day, money } from "../shared/fields";
import { paginationConflict } from "../../domain/pagination";
import { listInput } from "../shared/list";
import { timestamp } from "../shared/schemas";
import { deletedRows, knowledgeBeforeRead, deltaAnswer, sinceInput, syncListMeta } from "../shared/sync";

const recurringRule = z
  .object({
    id: z.uuid().describe("The rule's id."),
    created_by_user_id: z.uuid().nullable().describe("The user who created it; null when the service created it."),
    name: z.string().describe("The rule's name."),
    raw_name: z.string().describe("The name the rule was created with."),
    is_system_seed: z
      .boolean()
      .describe("True for a rule the service suggested (a seed) rather than one a person created."),
    system_seed_key: z.string().nullable().describe("Key of that seed; null for rules people created."),
    system_seed_source: z.string().nullable().describe("Where the seed came from; null for rules people created."),
    name_customized: z.boolean().describe("True when name differs from raw_name (renamed since)."),
    type: z
      .enum(["expense", "income", "transfer"])
      .describe(
        "Direction of the money: expense (out of account_id), income (into it) or transfer (to destination_account_id).",
      ),
    kind: z
      .enum(["rule", "subscription"])
      .describe("rule: an automatic recurring rule; subscription: a subscription tracked by hand."),
    amount: money.meta({ description: "Positive; the direction follows `type`." }),
    currency_id: z.uuid().describe("The rule currency's id."),
    currency_code: z.string().describe("ISO 4217 code of the rule's currency."),
    currency_symbol: z.string().describe("That currency's symbol."),
    account_id: z.uuid().describe("The source account (where an expense or transfer leaves, an income arrives)."),
    account_name: z
      .string()
      .meta({ description: "The wallet's name, with ' (CODE)' when the wallet holds several currencies." }),
    destination_account_id: z
      .uuid()
      .nullable()
      .describe("A transfer's receiving account; null for expenses and income."),
    destination_account_name: z.string().nullable().describe("Its name, as account_name; null without a destination."),
    category_id: z.uuid().nullable().describe("The category its transactions get; null for none."),
    category_name: z.string().nullable().describe("That category's name; null for none."),
    frequency: z
      .enum(["daily", "weekly", "biweekly", "monthly", "quarterly", "yearly", "custom"])
      .describe(
        "How often it recurs, counted from start_date; custom: every custom_interval_days days. Months are calendar months, clamped to the month's end.",
      ),
    custom_interval_days: z
      .number()
      .int()
      .nullable()
      .describe("Days between occurrences for frequency custom; null otherwise."),
    start_date: day.describe("The first occurrence."),
    end_date: day.nullable().describe("No occurrence after this day; null for open-ended."),
    next_occurrence_date: day.nullable().meta({
      description:
        "First occurrence on or after today (workspace timezone); null when paused, ended, or past end_date.",
    }),
    status: z.enum(["active", "paused", "ended"]).describe("active; paused (resumable); ended (end_date set, final)."),
    paused_at: timestamp.nullable().describe("When it was paused; null unless paused."),
    auto_create: z
      .boolean()
      .describe("The rule's setting that its occurrences are to be booked automatically (kept with the rule)."),
    catalog_item_id: z.uuid().nullable().describe("The subscription catalogue entry it was made from; null for none."),
    billing_url: z
      .string()
      .nullable()
      .describe("Where the subscription is managed or billed (a web address); null for none."),
    icon: z.string().nullable().describe("Icon name for display; null for none."),
    icon_url: z.string().nullable().describe("URL of an icon image; null for none."),
    accent_color: z.string().nullable().describe("Display colour, #rrggbb; null for none."),
    external_id: z.string().nullable().describe("An id the rule has in another system; null for none."),
    notes: z.string().nullable().describe("Free text; null when empty."),
    version: z.number().int().describe("Starts at 1 and grows by one with every change."),
    created_at: timestamp.describe("When the rule was created."),
    updated_at: timestamp.describe("When the rule last changed."),
    created_by: createdBy,
  })
  .meta({
    id: "RecurringRule",
    description: "A recurring rule or subscription, as a flat object (no type/attributes wrapper).",
  });

const recurringRulesMeta = z
  .object({
    total: z.number().int().describe("Rules in the whole list (with the filters)."),
    page: z.number().int().describe("The one-based page answered."),
    limit: z.number().int().describe("Items per page asked for."),
    next_cursor: z
      .string()
      .nullable()
      .describe("Opaque cursor of the next page (an extension: go on by cursor); null on the last page."),
    server_knowledge: z.string().describe("The token to send as since next time (keep the first page's)."),
  })
  .meta({ id: "RecurringRulesMeta", description: "The `meta` of the recurring rules list read by page." });

export const listRecurringRulesProcedure = workspaceProcedure("recurring:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/recurring-rules",
      operationId: "listRecurringRules",
      tags: ["recurring-rules"],
      summary: "List recurring rules (endpoint 7)",
      description:
        "Recurring rules and subscriptions as flat objects, by name then id; page mode (with the total) or cursor mode " +
        "(next_cursor, tied to the filters); since for what changed.",
    },
  })
  .input(
    z.object({
      ...listInput,
      status: z.enum(["active", "paused", "ended"]).describe("Only rules in this status.").optional(),
      type: z
        .enum(["expense", "income", "transfer"])
        .meta({ description: "Only rules of this transaction direction." })
        .optional(),
      kind: z
        .enum(["rule", "subscription"])
        .meta({ description: "rule: created automatically; subscription: tracked by hand." })
        .optional(),
      account_id: z
        .uuid()
        .meta({
          description:
            "Only rules whose source account is this one (a destination account does not match; an unknown id gives an empty list).",
        })
        .optional(),
      ...sinceInput,
    }),
  )
  .output(
    z.object({
      data: z.array(recurringRule).describe("One page of rules, by name, then id (with since: oldest change first)."),
      deleted: deletedRows,
      meta: z
        .union([recurringRulesMeta, syncListMeta])
        .describe("Where this page is in the list (a read with since: SyncListMeta), and the token for since."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const { limit, cursor } = input;
    if (input.page !== undefined && cursor !== undefined) throw paginationConflict();
    const page = input.page ?? 1;
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    const filters = { status: input.status, type: input.type, kind: input.kind, account_id: input.account_id };
    const delta = await deltaAnswer(context, "recurring_rules", input, filters, (ids) =>
      recurringRulesByIds(context, ids),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "recurring_rules");
    const query = {
      page,
      cursor,
      limit,
      status: input.status,
      type: input.type,
      kind: input.kind,
      accountId: input.account_id,
    };
    const result = await listRecurringRules(context, query);
    const meta =
      cursor === undefined
        ? { total: result.total ?? 0, page, limit, next_cursor: result.nextCursor, server_knowledge }
        : { pagination: "cursor" as const, limit, next_cursor: result.nextCursor, server_knowledge };
    return { data: result.items, meta };
  });
