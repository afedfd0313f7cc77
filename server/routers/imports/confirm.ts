import { z } from "zod";
import { confirmImport } from "../../domain/imports/confirm-import";
import { kickImportWorker } from "../../jobs/import-worker";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { importJobResource } from "./schemas";

export const confirmImportProcedure = idempotentWorkspaceProcedure("imports:create")
  .meta({
    successStatus: 201,
    errors: ["IMPORT_STATE_CONFLICT"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/imports/{id}/confirm",
      operationId: "confirmImport",
      tags: ["imports"],
      summary: "Confirm a statement import (endpoint 4)",
      description:
        "Needs an Idempotency-Key. Moves a parsed import to queued and answers at once; a worker creates the " +
        "transactions (all or nothing) and sets completed with the counts. 409 IMPORT_STATE_CONFLICT when the import " +
        "is not parsed. The preview's `opening_balance_adjusted` is a proposal: `adjust_opening_balance` false declines it " +
        "(the opening balance stays; rows dated before it are booked all the same and the completed job shows []).",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(
    z.object({
      id: z.uuid().describe("The import's id."),
      skip_duplicates: z
        .boolean()
        .default(true)
        .describe("Leave out the rows in state duplicate (default true); false books them too."),
      adjust_opening_balance: z.boolean().default(true).meta({
        description: "Apply the opening balance adjustment the preview proposes (`opening_balance_adjusted`).",
      }),
    }),
  )
  .output(
    z.object({
      data: importJobResource.describe("The import, now queued."),
      side_effects: z
        .array(sideEffectSchema)
        .describe("The import_jobs upsert (status queued, skip_duplicates, adjust_opening_balance)."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const result = await idempotentWrite(ctx, input, async (tx, sideEffects) => {
      const job = await confirmImport({ db: tx, workspace: ctx.caller.workspace, sideEffects }, input.id, {
        skipDuplicates: input.skip_duplicates,
        adjustOpeningBalance: input.adjust_opening_balance,
      });
      return { type: "import_jobs" as const, ...job };
    });
    // After the commit, so the worker sees the queued job.
    kickImportWorker();
    return result;
  });
