import { z } from "zod";
import { createTransaction } from "../../domain/transactions/write-transactions";
import { createTransactionInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { dashboardContext } from "../shared/dashboard-context";

export const createTransactionProcedure = dashboardProcedure
  .input(createTransactionInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(({ ctx, input }) => createTransaction(dashboardContext(ctx), input));
