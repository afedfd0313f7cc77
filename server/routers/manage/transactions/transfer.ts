import { z } from "zod";
import { createTransfer } from "../../../domain/transactions/transfer";
import { transferInput } from "../../../schemas/transactions";
import { sessionProcedure } from "../../../trpc";
import { manageScope } from "../scope";

export const transfer = sessionProcedure
  .input(transferInput)
  .output(z.object({ outgoingId: z.uuid(), incomingId: z.uuid() }))
  .mutation(({ ctx, input }) => createTransfer(manageScope(ctx), input));
