import { createCategory } from "../../domain/categories/manage-categories";
import { createCategoryInput, categoryWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createCategoryProcedure = dashboardProcedure
  .input(createCategoryInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => createCategory(callerContext(ctx), input));
