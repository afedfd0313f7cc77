import { z } from "zod";
import { categoriesByIds, listCategories, type CategoryView } from "../../domain/categories/list-categories";
import { pageRequest } from "../../domain/pagination";
import { workspaceProcedure } from "../../trpc/builders";
import { listInput, listMetaOf } from "../shared/list";
import { deletedRows, deltaAnswer, knowledgeBeforeRead, sinceInput, syncListMeta } from "../shared/sync";
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
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
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
      ...sinceInput,
    }),
  )
  .output(
    reusedOutput(
      z.object({
        data: z.array(categoryResource).describe("One page of categories, by order, then name, then id."),
        deleted: deletedRows,
        meta: syncListMeta.describe("How to read the next page, and the token for since."),
      }),
    ),
  )
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    const delta = await deltaAnswer(context, "categories", input, { group_id: input.group_id }, async (ids) =>
      (await categoriesByIds(context, ids)).map(toResource),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "categories");
    const request = pageRequest(input);
    const page = await listCategories(context, request, { groupId: input.group_id });
    return reusedAnswer(
      page,
      () => ({ data: page.items.map(toResource), meta: { ...listMetaOf(request, page), server_knowledge } }),
      server_knowledge,
    );
  });
