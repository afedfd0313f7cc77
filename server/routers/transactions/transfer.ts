import { z } from "zod";
import { createTransfer } from "../../domain/transactions/transfer";
import { transferInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

export const transferProcedure = dashboardProcedure
  .input(transferInput)
  .output(z.object({ outgoingId: z.uuid(), incomingId: z.uuid() }))
  .mutation(({ ctx, input }) => createTransfer(callerContext(ctx), input));
