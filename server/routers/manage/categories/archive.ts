import { setCategoryArchived } from "../../../domain/categories/manage-categories";
import { categoryIdInput } from "../../../schemas/categories";
import { dashboardProcedure } from "../../../trpc/builders";
import { manageScope } from "../scope";
import { categoryWritten } from "./output";

export const archiveCategory = dashboardProcedure
  .input(categoryIdInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => setCategoryArchived(manageScope(ctx), input.id, true));
