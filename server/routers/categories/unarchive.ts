import { setCategoryArchived } from "../../domain/categories/manage-categories";
import { categoryIdInput } from "../../schemas/categories";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";
import { categoryWritten } from "./output";

export const unarchiveCategoryProcedure = dashboardProcedure
  .input(categoryIdInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => setCategoryArchived(dashboardContext(ctx), input.id, false));
