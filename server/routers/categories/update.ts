import { updateCategory } from "../../domain/categories/manage-categories";
import { updateCategoryInput } from "../../schemas/categories";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { categoryWritten } from "./output";

export const updateCategoryProcedure = dashboardProcedure
  .input(updateCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => updateCategory(dashboardContext(ctx), input));
