import { z } from "zod";
import { deleteTransaction } from "../../domain/transactions/write-transactions";
import { transactionIdInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

/** Deletes a transaction (a transfer with its other side); answers the ids that went. */
export const deleteTransactionProcedure = dashboardProcedure
  .input(transactionIdInput)
  .output(z.object({ deleted: z.array(z.uuid()) }))
  .mutation(({ ctx, input }) => deleteTransaction(callerContext(ctx), input));
