import { updateCategory } from "../../domain/categories/manage-categories";
import { updateCategoryInput, categoryWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const updateCategoryProcedure = dashboardProcedure
  .input(updateCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => updateCategory(callerContext(ctx), input));
