import { z } from "zod";
import { createTransaction as createWorkspaceTransaction } from "../../domain/transactions/write-transactions";
import { createTransactionInput } from "../../schemas/transactions";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const createTransaction = dashboardProcedure
  .input(createTransactionInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => createWorkspaceTransaction(dashboardContext(ctx), input));
