import { z } from "zod";
import { updateTransaction as updateWorkspaceTransaction } from "../../domain/transactions/write-transactions";
import { updateTransactionInput } from "../../schemas/transactions";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const updateTransaction = dashboardProcedure
  .input(updateTransactionInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => updateWorkspaceTransaction(dashboardContext(ctx), input));
