import { z } from "zod";
import { createTransaction } from "../../domain/transactions/write-transactions";
import { createTransactionInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const createTransactionProcedure = dashboardProcedure
  .input(createTransactionInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => createTransaction(callerContext(ctx), input));
