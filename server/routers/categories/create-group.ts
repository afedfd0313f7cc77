import { createCategoryGroup } from "../../domain/categories/manage-categories";
import { categoryGroupInput, categoryGroupOutput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const createCategoryGroupProcedure = dashboardProcedure
  .input(categoryGroupInput)
  .output(categoryGroupOutput)
  .mutation(({ ctx, input }) => createCategoryGroup(dashboardContext(ctx), input));
