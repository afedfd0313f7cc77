import { updateCategory } from "../../domain/categories/manage-categories";
import { updateCategoryInput, categoryWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const updateCategoryProcedure = dashboardProcedure
  .input(updateCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => updateCategory(dashboardContext(ctx), input));
