import { z } from "zod";
import { confirmImport as confirmWorkspaceImport } from "../../../domain/imports/confirm-import";
import { SideEffects } from "../../../domain/side-effects/side-effects";
import { kickImportWorker } from "../../../jobs/import-worker";
import { sessionProcedure } from "../../../trpc";
import { sideEffectSchema } from "../../shared/idempotent";
import { importJobResource } from "../../programmatic/imports/import-schema";

/** `parsed` -> `queued` (endpoint 4's domain function, without an Idempotency-Key); the worker books the rows. */
export const confirmImport = sessionProcedure
  .input(z.object({ id: z.uuid(), skip_duplicates: z.boolean().default(true), adjust_opening_balance: z.boolean().default(true) }))
  .output(z.object({ data: importJobResource, side_effects: z.array(sideEffectSchema) }))
  .mutation(async ({ ctx, input }) => {
    const sideEffects = new SideEffects();
    const job = await ctx.db.prisma.$transaction((tx) =>
      confirmWorkspaceImport({ db: tx, workspace: ctx.caller.workspace, sideEffects }, input.id, {
        skipDuplicates: input.skip_duplicates,
        adjustOpeningBalance: input.adjust_opening_balance,
      }),
    );
    // After the commit, so the worker sees the queued job.
    kickImportWorker();
    return { data: { type: "import_jobs" as const, ...job }, side_effects: sideEffects.list() };
  });
