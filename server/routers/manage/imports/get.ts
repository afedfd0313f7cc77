import { z } from "zod";
import { getImport as getWorkspaceImport } from "../../../domain/imports/confirm-import";
import { sessionProcedure } from "../../../trpc";
import { importJobResource } from "../../programmatic/imports/import-schema";

/** One import with its preview; the page polls it while the worker books the rows. */
export const getImport = sessionProcedure
  .input(z.object({ id: z.uuid() }))
  .output(z.object({ data: importJobResource }))
  .query(async ({ ctx, input }) => {
    const job = await getWorkspaceImport({ db: ctx.db.prisma, workspace: ctx.caller.workspace }, input.id);
    return { data: { type: "import_jobs" as const, ...job } };
  });
