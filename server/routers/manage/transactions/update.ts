import { z } from "zod";
import { updateTransaction as updateWorkspaceTransaction } from "../../../domain/transactions/write-transactions";
import { updateTransactionInput } from "../../../schemas/transactions";
import { dashboardProcedure } from "../../../trpc/builders";
import { manageScope } from "../scope";

export const updateTransaction = dashboardProcedure
  .input(updateTransactionInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => updateWorkspaceTransaction(manageScope(ctx), input));
