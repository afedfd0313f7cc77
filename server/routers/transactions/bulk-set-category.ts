import { z } from "zod";
import { bulkSetCategory } from "../../domain/transactions/bulk-transactions";
import { bulkSetCategoryInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Categorise the chosen rows at once (all or nothing); answers each row's previous category for an undo. */
export const bulkSetCategoryProcedure = dashboardProcedure
  .input(bulkSetCategoryInput)
  .output(z.object({ changed: z.array(z.object({ id: z.uuid(), previous_category_id: z.uuid().nullable() })) }))
  .mutation(({ ctx, input }) => bulkSetCategory(callerContext(ctx), input));
