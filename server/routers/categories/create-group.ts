import { createCategoryGroup } from "../../domain/categories/manage-categories";
import { categoryGroupInput } from "../../schemas/categories";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { categoryGroupOutput } from "./output";

export const createCategoryGroupProcedure = dashboardProcedure
  .input(categoryGroupInput)
  .output(categoryGroupOutput)
  .mutation(({ ctx, input }) => createCategoryGroup(dashboardContext(ctx), input));
