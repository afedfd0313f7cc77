import { createCategoryGroup } from "../../domain/categories/manage-categories";
import { categoryGroupInput, categoryGroupOutput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createCategoryGroupProcedure = dashboardProcedure
  .input(categoryGroupInput)
  .output(categoryGroupOutput)
  .mutation(({ ctx, input }) => createCategoryGroup(callerContext(ctx), input));
