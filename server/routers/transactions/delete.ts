import { z } from "zod";
import { deleteTransaction as deleteWorkspaceTransaction } from "../../domain/transactions/write-transactions";
import { transactionIdInput } from "../../schemas/transactions";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

/** Deletes a transaction (a transfer with its other side); answers the ids that went. */
export const deleteTransaction = dashboardProcedure
  .input(transactionIdInput)
  .output(z.object({ deleted: z.array(z.uuid()) }))
  .mutation(({ ctx, input }) => deleteWorkspaceTransaction(dashboardContext(ctx), input));
