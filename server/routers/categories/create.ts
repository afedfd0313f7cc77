import { createCategory } from "../../domain/categories/manage-categories";
import { createCategoryInput } from "../../schemas/categories";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { categoryWritten } from "./output";

export const createCategoryProcedure = dashboardProcedure
  .input(createCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => createCategory(dashboardContext(ctx), input));
