import { z } from "zod";
import { categoryOverview } from "../../domain/categories/category-overview";
import { listCategoriesInput, categoryGroupOutput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { categoryAttributes } from "./schemas";
import { callerContext } from "../shared/caller-context";

/** The categories page and the category pickers: groups and categories (archived ones on request). */
export const categoriesOverviewProcedure = dashboardProcedure
  .input(listCategoriesInput)
  .output(
    z.object({
      groups: z.array(categoryGroupOutput),
      categories: z.array(
        categoryAttributes
          .pick({
            version: true,
            name: true,
            group_id: true,
            icon_name: true,
            accent_color: true,
            aliases: true,
            order: true,
            is_system: true,
            is_archived: true,
            tx_count: true,
          })
          .extend({ id: z.uuid() }),
      ),
    }),
  )
  .query(({ ctx, input }) => categoryOverview(callerContext(ctx), { includeArchived: input.include_archived }));
