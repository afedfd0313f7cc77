import { setCategoryArchived } from "../../domain/categories/manage-categories";
import { categoryIdInput, categoryWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const archiveCategoryProcedure = dashboardProcedure
  .input(categoryIdInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => setCategoryArchived(dashboardContext(ctx), input.id, true));
