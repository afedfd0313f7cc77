import { z } from "zod";
import { categoryOverview } from "../../../domain/categories/category-overview";
import { listCategoriesInput } from "../../../schemas/categories";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { categoryGroupOutput } from "./output";

/** The categories page and the category pickers: groups and categories (archived ones on request). */
export const listCategories = sessionProcedure
  .input(listCategoriesInput)
  .output(
    z.object({
      groups: z.array(categoryGroupOutput),
      categories: z.array(
        z.object({
          id: z.uuid(),
          version: z.number().int(),
          name: z.string(),
          group_id: z.uuid().nullable(),
          icon_name: z.string().nullable(),
          accent_color: z.string().nullable(),
          aliases: z.array(z.string()),
          order: z.number().int(),
          is_system: z.boolean(),
          is_archived: z.boolean(),
          tx_count: z.number().int(),
        }),
      ),
    }),
  )
  .query(({ ctx, input }) => categoryOverview(manageScope(ctx), { includeArchived: input.include_archived }));
