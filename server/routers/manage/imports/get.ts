import { z } from "zod";
import { getImport as getWorkspaceImport } from "../../../domain/imports/confirm-import";
import { sessionProcedure } from "../../../trpc";
import { importJobResource } from "../../programmatic/imports/import-schema";
import { previewQueryInput, previewQueryOf } from "../../programmatic/imports/preview-query";

/** One import with a page of its preview; the page polls it while the worker books the rows. */
export const getImport = sessionProcedure
  .input(z.object({ id: z.uuid(), ...previewQueryInput }))
  .output(z.object({ data: importJobResource }))
  .query(async ({ ctx, input }) => {
    const job = await getWorkspaceImport({ db: ctx.db.prisma, workspace: ctx.caller.workspace }, input.id, previewQueryOf(input));
    return { data: { type: "import_jobs" as const, ...job } };
  });
