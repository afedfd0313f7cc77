import { setCategoryArchived } from "../../domain/categories/manage-categories";
import { categoryIdInput, categoryWritten } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const unarchiveCategoryProcedure = dashboardProcedure
  .input(categoryIdInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => setCategoryArchived(callerContext(ctx), input.id, false));
