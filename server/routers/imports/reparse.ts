import { z } from "zod";
import { readImportAgain, reparseImport } from "../../domain/imports/reparse-import";
import { idempotentWorkspaceProcedure } from "../../trpc/builders";
import { idempotencyHeaders, idempotentWrite, sideEffectSchema } from "../shared/idempotent";
import { importJobResource } from "./schemas";
import { amountSemanticsChoice } from "./parse-option-fields";
import { parseOptionsObject, toParseOptions } from "./parse-options-schemas";

export const reparseImportProcedure = idempotentWorkspaceProcedure("imports:create")
  .meta({
    errors: ["IMPORT_FILE_UNREADABLE", "IMPORT_FILE_TYPE_UNSUPPORTED", "IMPORT_STATE_CONFLICT"],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/imports/{id}/reparse",
      operationId: "reparseImport",
      tags: ["imports"],
      summary: "Read an import's file again with other parse options",
      description:
        "Needs an Idempotency-Key. Reads the file kept with an import that is not confirmed yet (parsed or needs_input) " +
        "with `parse_options` (they replace the options it was read with; send back the echoed ones with your " +
        "correction) into the same job: a new preview, `preview_version` + 1, status parsed or needs_input. 409 " +
        "IMPORT_STATE_CONFLICT once the import is confirmed, or when its file is no longer kept (24 hours, 50 MiB per " +
        "workspace): upload it again. 400 IMPORT_FILE_UNREADABLE when the file cannot be read with these options.",
      requestHeaders: idempotencyHeaders,
    },
  })
  .input(
    z.strictObject({
      id: z.uuid().describe("The import's id."),
      parse_options: parseOptionsObject
        .optional()
        .describe(
          "How to read the file (the same object as the upload's, here as JSON); replaces the options it was read with.",
        ),
      amount_semantics: amountSemanticsChoice
        .optional()
        .meta({ description: "The same as parse_options.amount_semantics." }),
    }),
  )
  .output(
    z.object({
      data: importJobResource.describe("The import read again: a new preview, preview_version + 1."),
      side_effects: z.array(sideEffectSchema).describe("The import_jobs upsert."),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const options = toParseOptions(input.parse_options ?? {});
    const amountSemantics = input.amount_semantics ?? options.amountSemantics;
    // The file is read before the write's transaction, as an upload's is.
    const reading = await readImportAgain(
      { db: ctx.db, workspace: ctx.caller.workspace },
      input.id,
      { ...options, amountSemantics },
      {
        acceptOtherAccount: input.parse_options?.accept_other_account === true,
        accountMap: input.parse_options?.account_map,
      },
    );
    return idempotentWrite(ctx, input, async (tx, sideEffects) => {
      const job = await reparseImport({ db: tx, workspace: ctx.caller.workspace, sideEffects }, reading);
      return { type: "import_jobs" as const, ...job };
    });
  });
