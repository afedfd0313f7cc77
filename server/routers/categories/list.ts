import { z } from "zod";
import { listCategories, type CategoryView } from "../../domain/categories/list-categories";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { createdBy, moneyAggregate } from "../shared/fields";
import { listInput, listMeta, listMetaOf } from "../shared/list";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";
import { iso, resource, timestamp } from "../shared/schemas";

export const categoryAttributes = z
  .object({
    version: z.number().int().describe("Starts at 1 and grows by one with every change."),
    created_by_user_id: z.uuid().nullable().describe("The user who created it; null for system categories."),
    group_id: z.uuid().nullable().describe("The category group it is filed under; null when ungrouped."),
    name: z.string().describe("The category's name, unique among active categories ignoring case."),
    icon_name: z.string().nullable().describe("Icon name for display; null for none."),
    icon_url: z.string().nullable().describe("URL of an icon image; null for none."),
    accent_color: z.string().nullable().describe("Display colour, #rrggbb; null for none."),
    is_archived: z
      .boolean()
      .describe("True for an archived category; the list shows active ones only, so false there."),
    is_system: z.boolean().describe("True for the categories every workspace starts with."),
    aliases: z
      .array(z.string())
      .describe("Other names of the category; an import guesses a row's category from its name or aliases."),
    order: z.number().int().describe("Position in lists (ascending); the list sorts by order, then name, then id."),
    tx_count: z.number().int().describe("All transactions in the category (transfers never count)."),
    recent_tx_count: z.number().int().meta({ description: "Transactions of the last 30 days up to today." }),
    created_at: timestamp.describe("When the category was created."),
    updated_at: timestamp.describe("When the category last changed."),
    spent_agg: moneyAggregate.meta({ description: "Money out in the current month up to today, as positive amounts." }),
    earned_agg: moneyAggregate.meta({ description: "Money in during the current month up to today." }),
    created_by: createdBy,
  })
  .describe("The category's fields; counts and sums as of today in the workspace timezone.");

const categoryResource = resource("categories", categoryAttributes).meta({
  id: "Category",
  description: "An active transaction category with its counts and this month's sums.",
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

export const listCategoriesProcedure = workspaceProcedure("transactions:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/categories",
      operationId: "listCategories",
      tags: ["categories"],
      summary: "List transaction categories (endpoint 6)",
      description:
        "Active categories, optionally of one group, with counts and this month's sums (workspace timezone).",
    },
  })
  .input(
    z.object({
      ...listInput,
      group_id: z.uuid().describe("Only the active categories of this category group.").optional(),
    }),
  )
  .output(
    reusedOutput(
      z.object({
        data: z.array(categoryResource).describe("One page of categories, by order, then name, then id."),
        meta: listMeta.describe("How to read the next page."),
      }),
    ),
  )
  .query(async ({ ctx, input }) => {
    const request = pageRequest(input);
    const page = await listCategories({ db: ctx.db, workspace: ctx.caller.workspace }, request, {
      groupId: input.group_id,
    });
    return reusedAnswer(page, () => ({ data: page.items.map(toResource), meta: listMetaOf(request, page) }));
  });
