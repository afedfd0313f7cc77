import { z } from "zod";
import { revertImport } from "../../domain/imports/revert-import";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { importJobResource } from "./schemas";

export const revertImportProcedure = idempotentWorkspaceProcedure("imports:create")
  .meta({
    successStatus: 201,
    errors: ["IMPORT_STATE_CONFLICT", "TRANSACTION_RECONCILED"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/imports/{id}/revert",
      operationId: "revertImport",
      tags: ["imports"],
      summary: "Revert a completed import",
      description:
        "Needs an Idempotency-Key. In one database transaction: deletes the transactions the import booked, puts back " +
        "the opening balance and date it adjusted (when they are still what it set), and sets status reverted and " +
        "reverted_at. side_effects list every transaction deleted and every account (and wallet) changed. 409 " +
        "IMPORT_STATE_CONFLICT when the import is not completed (reverting twice included), or when some of its " +
        "transactions were edited or categorised since, or are half of a transfer, naming them: send `force: true` " +
        "to remove those too (a transfer with its other side); 409 TRANSACTION_RECONCILED for a reconciled one.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(
    z.object({
      id: z.uuid().describe("The import's id."),
      force: z.boolean().default(false).meta({
        description: "Also remove transactions edited or categorised since the import, and transfers they are half of.",
      }),
    }),
  )
  .output(
    z.object({
      data: importJobResource.describe("The import, now reverted."),
      side_effects: z
        .array(sideEffectSchema)
        .describe(
          "A transactions delete per transaction removed, an accounts upsert per account touched, a wallets upsert when an opening balance came back, and the import_jobs upsert.",
        ),
    }),
  )
  .mutation(({ ctx, input }) =>
    idempotentWrite(ctx, input, async (tx, sideEffects) => {
      const job = await revertImport({ db: tx, workspace: ctx.caller.workspace, sideEffects }, input.id, {
        force: input.force,
      });
      return { type: "import_jobs" as const, ...job };
    }),
  );
