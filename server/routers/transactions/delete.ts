import { z } from "zod";
import { deleteTransaction } from "../../domain/transactions/write-transactions";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { transactionIdInput } from "./schemas";

/** Deletes a transaction (a transfer with its other side); answers the ids that went. */
export const deleteTransactionProcedure = idempotentWorkspaceProcedure("transactions:write")
  .meta({
    errors: ["RESOURCE_NOT_FOUND", "TRANSACTION_RECONCILED"],
    openapi: {
      method: "DELETE",
      path: "/api/v1/programmatic/transactions/{id}",
      operationId: "deleteTransaction",
      tags: ["transactions"],
      summary: "Delete a transaction (extension)",
      description:
        "Deletes the transaction, and a transfer's other side with it (both ids in data.deleted). The dashboard can " +
        "undo it for 15 minutes. Needs an Idempotency-Key: a retry with the same key gets the same answer, not a 404. " +
        "409 while it is reconciled.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(transactionIdInput.extend({ id: z.uuid().describe("The transaction's id.") }))
  .output(
    z.object({
      data: z.object({
        deleted: z.array(z.uuid()).describe("The ids deleted: the transaction, and a transfer's other side."),
      }),
      side_effects: z
        .array(sideEffectSchema)
        .describe("Each transaction deleted (delete), then each account whose balance moved."),
    }),
  )
  .mutation(({ ctx, input }) =>
    idempotentWrite(ctx, input, (tx, sideEffects) =>
      deleteTransaction({ ...callerContext(ctx, tx), sideEffects }, input),
    ),
  );
