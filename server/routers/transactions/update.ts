import { z } from "zod";
import { updateTransaction } from "../../domain/transactions/write-transactions";
import { updateTransactionInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const updateTransactionProcedure = dashboardProcedure
  .input(updateTransactionInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => updateTransaction(callerContext(ctx), input));
