import { z } from "zod";
import { bulkDeleteTransactions } from "../../domain/transactions/bulk-transactions";
import { bulkDeleteInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Deletes the chosen rows (all or nothing; a transfer with its other side); answers every id that went. */
export const bulkDeleteProcedure = dashboardProcedure
  .input(bulkDeleteInput)
  .output(z.object({ deleted: z.array(z.uuid()) }))
  .mutation(({ ctx, input }) => bulkDeleteTransactions(callerContext(ctx), input));
