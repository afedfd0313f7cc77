import { z } from "zod";
import { setTransactionCategory } from "../../domain/transactions/write-transactions";
import { setCategoryInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Categorise inline: a category, or none (null). */
export const setCategoryProcedure = dashboardProcedure
  .input(setCategoryInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => setTransactionCategory(callerContext(ctx), input));
