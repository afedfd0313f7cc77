import { z } from "zod";
import { restoreCategories } from "../../domain/transactions/bulk-transactions";
import { restoreCategoriesInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Undo of a categorisation: each row back to the category it had (all or nothing). */
export const restoreCategoriesProcedure = dashboardProcedure
  .input(restoreCategoriesInput)
  .output(z.object({ restored: z.number().int() }))
  .mutation(({ ctx, input }) => restoreCategories(callerContext(ctx), input));
