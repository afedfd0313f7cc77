import { createCategory as createWorkspaceCategory } from "../../../domain/categories/manage-categories";
import { createCategoryInput } from "../../../schemas/categories";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { categoryWritten } from "./output";

export const createCategory = sessionProcedure
  .input(createCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => createWorkspaceCategory(manageScope(ctx), input));
