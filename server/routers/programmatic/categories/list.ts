import { z } from "zod";
import { listCategories as listWorkspaceCategories, type CategoryView } from "../../../domain/categories/list-categories";
import { pageRequest } from "../../../domain/pagination";
import { workspaceProcedure } from "../../../trpc";
import { createdBy, moneyAggregate } from "../../shared/fields";
import { listInput, listMeta, listMetaOf } from "../../shared/list";
import { iso, resource, timestamp } from "../../shared/schemas";

export const categoryAttributes = z.object({
  version: z.number().int(),
  created_by_user_id: z.uuid().nullable(),
  group_id: z.uuid().nullable(),
  name: z.string(),
  icon_name: z.string().nullable(),
  icon_url: z.string().nullable(),
  accent_color: z.string().nullable(),
  is_archived: z.boolean(),
  is_system: z.boolean(),
  aliases: z.array(z.string()),
  order: z.number().int(),
  tx_count: z.number().int(),
  recent_tx_count: z.number().int().meta({ description: "Transactions of the last 30 days up to today." }),
  created_at: timestamp,
  updated_at: timestamp,
  spent_agg: moneyAggregate.meta({ description: "Money out in the current month up to today, as positive amounts." }),
  earned_agg: moneyAggregate.meta({ description: "Money in during the current month up to today." }),
  created_by: createdBy,
});

function toResource({ category, txCount, recentTxCount, spent, earned, createdBy: creator }: CategoryView) {
  return {
    type: "categories" as const,
    id: category.id,
    attributes: {
      version: category.version,
      created_by_user_id: category.createdByUserId,
      group_id: category.groupId,
      name: category.name,
      icon_name: category.iconName,
      icon_url: category.iconUrl,
      accent_color: category.accentColor,
      is_archived: category.archivedAt !== null,
      is_system: category.isSystem,
      aliases: category.aliases,
      order: category.order,
      tx_count: txCount,
      recent_tx_count: recentTxCount,
      created_at: iso(category.createdAt),
      updated_at: iso(category.updatedAt),
      spent_agg: spent,
      earned_agg: earned,
      created_by: creator,
    },
  };
}

export const listCategories = workspaceProcedure("transactions:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/categories",
      operationId: "listCategories",
      tags: ["categories"],
      summary: "List transaction categories (endpoint 6)",
      description: "Active categories, optionally of one group, with counts and this month's sums (workspace timezone).",
    },
  })
  .input(z.object({ ...listInput, group_id: z.uuid().optional() }))
  .output(z.object({ data: z.array(resource("categories", categoryAttributes)), meta: listMeta }))
  .query(async ({ ctx, input }) => {
    const request = pageRequest(input);
    const page = await listWorkspaceCategories({ db: ctx.db, workspace: ctx.caller.workspace }, request, {
      groupId: input.group_id,
    });
    return { data: page.items.map(toResource), meta: listMetaOf(request, page) };
  });
