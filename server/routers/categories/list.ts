import { z } from "zod";
import { listCategories, type CategoryView } from "../../domain/categories/list-categories";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMeta, listMetaOf } from "../shared/list";
import { reusedAnswer, reusedOutput } from "../shared/reused-answer";
import { iso } from "../shared/schemas";
import { categoryResource } from "./schemas";

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
