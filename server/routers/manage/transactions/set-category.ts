import { z } from "zod";
import { setTransactionCategory } from "../../../domain/transactions/write-transactions";
import { setCategoryInput } from "../../../schemas/transactions";
import { dashboardProcedure } from "../../../trpc/builders";
import { manageScope } from "../scope";

/** Categorise inline: a category, or none (null). */
export const setCategory = dashboardProcedure
  .input(setCategoryInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => setTransactionCategory(manageScope(ctx), input));
