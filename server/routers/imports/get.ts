import { z } from "zod";
import { getImport } from "../../domain/imports/confirm-import";
import { workspaceProcedure } from "../../trpc/builders";
import { previewQueryInput, previewQueryOf } from "./preview-schemas";
import { importJobResource } from "./schemas";

export const getImportProcedure = workspaceProcedure("imports:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/imports/{id}",
      operationId: "getImport",
      tags: ["imports"],
      summary: "Get a statement import (endpoint 5)",
      description:
        "The job with one page of its preview rows and, once completed, its counts. The preview is paged: at most 1,000 rows " +
        "per answer (`preview_limit`, default 1,000), `preview_page` (1-based) for the rest, `state` for the rows of one state; " +
        "`preview_total` counts the rows (of that state). 400 VALIDATION_FAILED naming the parameter for a bad value.",
    },
  })
  .input(
    z.object({
      id: z.uuid().describe("The import's id, from the upload's answer or the import list."),
      ...previewQueryInput,
    }),
  )
  .output(z.object({ data: importJobResource.describe("The import with the asked page of its preview.") }))
  .query(async ({ ctx, input }) => {
    const job = await getImport({ db: ctx.db, workspace: ctx.caller.workspace }, input.id, previewQueryOf(input));
    return { data: { type: "import_jobs" as const, ...job } };
  });
