import { z } from "zod";
import {
  discardImport as discardWorkspaceImport, readImportAgain, reparseImport as reparseWorkspaceImport,
} from "../../../domain/imports/reparse-import";
import { SideEffects } from "../../../domain/side-effects/side-effects";
import { sessionProcedure } from "../../../trpc";
import { sideEffectSchema } from "../../shared/idempotent";
import { importJobResource } from "../../programmatic/imports/import-schema";
import { parseOptionsObject, toParseOptions } from "../../programmatic/imports/parse-options-schema";

/** The kept file read again with other options (the REST reparse's domain function, without an Idempotency-Key). */
export const reparseImport = sessionProcedure
  .input(z.object({ id: z.uuid(), parse_options: parseOptionsObject.optional() }))
  .output(z.object({ data: importJobResource, side_effects: z.array(sideEffectSchema) }))
  .mutation(async ({ ctx, input }) => {
    const sideEffects = new SideEffects();
    const reading = await readImportAgain(ctx.db.prisma, ctx.caller.workspace, input.id, toParseOptions(input.parse_options ?? {}));
    const job = await reparseWorkspaceImport({ db: ctx.db.prisma, workspace: ctx.caller.workspace, sideEffects }, reading);
    return { data: { type: "import_jobs" as const, ...job }, side_effects: sideEffects.list() };
  });

/** An import not yet confirmed, thrown away. */
export const discardImport = sessionProcedure
  .input(z.object({ id: z.uuid() }))
  .output(z.object({ discarded: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await ctx.db.prisma.$transaction((tx) =>
      discardWorkspaceImport({ db: tx, workspace: ctx.caller.workspace, sideEffects: new SideEffects() }, input.id),
    );
    return { discarded: true as const };
  });
