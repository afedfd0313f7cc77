import { setCategoryArchived } from "../../../domain/categories/manage-categories";
import { categoryIdInput } from "../../../schemas/categories";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";
import { categoryWritten } from "./output";

export const archiveCategory = sessionProcedure
  .input(categoryIdInput)
  .output(categoryWritten)
  .mutation(({ ctx, input }) => setCategoryArchived(manageScope(ctx), input.id, true));
