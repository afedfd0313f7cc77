import { createCategory as createWorkspaceCategory } from "../../domain/categories/manage-categories";
import { createCategoryInput } from "../../schemas/categories";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { categoryWritten } from "./output";

export const createCategory = dashboardProcedure
  .input(createCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => createWorkspaceCategory(dashboardContext(ctx), input));
