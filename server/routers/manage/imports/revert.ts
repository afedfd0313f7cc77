import { z } from "zod";
import { revertImport as revertWorkspaceImport } from "../../../domain/imports/revert-import";
import { SideEffects } from "../../../domain/side-effects/side-effects";
import { sessionProcedure } from "../../../trpc";
import { sideEffectSchema } from "../../shared/idempotent";
import { importJobResource } from "../../programmatic/imports/import-schema";

/** A completed import undone (the REST revert's domain function, without an Idempotency-Key). */
export const revertImport = sessionProcedure
  .input(z.object({ id: z.uuid(), force: z.boolean().default(false) }))
  .output(z.object({ data: importJobResource, side_effects: z.array(sideEffectSchema) }))
  .mutation(async ({ ctx, input }) => {
    const sideEffects = new SideEffects();
    const job = await ctx.db.prisma.$transaction(
      (tx) => revertWorkspaceImport({ db: tx, workspace: ctx.caller.workspace, sideEffects }, input.id, { force: input.force }),
      { timeout: 120_000, maxWait: 10_000 },
    );
    return { data: { type: "import_jobs" as const, ...job }, side_effects: sideEffects.list() };
  });
