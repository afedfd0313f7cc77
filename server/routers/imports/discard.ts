import { z } from "zod";
import { discardImport } from "../../domain/imports/reparse-import";
import { SideEffects } from "../../domain/side-effects/side-effects";
import { workspaceProcedure } from "../../trpc/builders";

export const discardImportProcedure = workspaceProcedure("imports:create")
  .meta({
    successStatus: 204,
    errors: ["IMPORT_STATE_CONFLICT"],
    openapi: {
      method: "DELETE",
      path: "/api/v1/programmatic/imports/{id}",
      operationId: "discardImport",
      tags: ["imports"],
      summary: "Discard an import not yet confirmed",
      description:
        "Deletes an import that is parsed or needs_input, its preview and its kept file; nothing was booked. 404 " +
        "afterwards. 409 IMPORT_STATE_CONFLICT once it is confirmed (revert a completed import instead).",
    },
  })
  .input(z.object({ id: z.uuid().describe("The import's id.") }))
  .output(z.void())
  .mutation(async ({ ctx, input }) => {
    await ctx.db.transaction((tx) =>
      discardImport({ db: tx, workspace: ctx.caller.workspace, sideEffects: new SideEffects() }, input.id),
    );
  });
