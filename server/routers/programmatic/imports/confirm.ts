import { z } from "zod";
import { confirmImport as confirmWorkspaceImport } from "../../../domain/imports/confirm-import";
import { kickImportWorker } from "../../../jobs/import-worker";
import { idempotentPatProcedure } from "../../../trpc";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../../shared/idempotent";
import { importJobResource } from "./import-schema";

export const confirmImport = idempotentPatProcedure("imports:create")
  .meta({
    successStatus: 201,
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/imports/{id}/confirm",
      tags: ["imports"],
      summary: "Confirm a statement import (endpoint 4)",
      description:
        "Needs an Idempotency-Key. Moves a parsed import to queued and answers at once; a worker creates the " +
        "transactions (all or nothing) and sets completed with the counts. 409 IMPORT_STATE_CONFLICT when the import " +
        "is not parsed.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(z.object({ id: z.uuid(), skip_duplicates: z.boolean().default(true) }))
  .output(z.object({ data: importJobResource, side_effects: z.array(sideEffectSchema) }))
  .mutation(async ({ ctx, input }) => {
    const result = await idempotentWrite(
      ctx,
      { endpoint: "POST /api/v1/programmatic/imports/{id}/confirm", request: input, status: 201 },
      async (tx, sideEffects) => {
        const job = await confirmWorkspaceImport({ db: tx, workspace: ctx.caller.workspace, sideEffects }, input.id, {
          skipDuplicates: input.skip_duplicates,
        });
        return { type: "import_jobs" as const, ...job };
      },
    );
    // After the commit, so the worker sees the queued job.
    kickImportWorker();
    return result;
  });
