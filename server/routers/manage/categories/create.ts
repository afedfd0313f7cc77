import { createCategory as createWorkspaceCategory } from "../../../domain/categories/manage-categories";
import { createCategoryInput } from "../../../schemas/categories";
import { dashboardProcedure } from "../../../trpc/builders";
import { manageScope } from "../scope";
import { categoryWritten } from "./output";

export const createCategory = dashboardProcedure
  .input(createCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => createWorkspaceCategory(manageScope(ctx), input));
