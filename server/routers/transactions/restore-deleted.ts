import { z } from "zod";
import { restoreDeletedTransactions } from "../../domain/transactions/deleted-transactions";
import { restoreDeletedInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Undo of a delete: the rows back exactly as they were (a transfer with its other side), within 15 minutes, all or nothing. */
export const restoreDeletedProcedure = dashboardProcedure
  .input(restoreDeletedInput)
  .output(z.object({ restored: z.array(z.uuid()) }))
  .mutation(({ ctx, input }) => restoreDeletedTransactions(callerContext(ctx), input));
