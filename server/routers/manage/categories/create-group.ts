import { createCategoryGroup as createWorkspaceCategoryGroup } from "../../../domain/categories/manage-categories";
import { categoryGroupInput } from "../../../schemas/categories";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { categoryGroupOutput } from "./output";

export const createCategoryGroup = sessionProcedure
  .input(categoryGroupInput)
  .output(categoryGroupOutput)
  .mutation(({ ctx, input }) => createWorkspaceCategoryGroup(manageScope(ctx), input));
