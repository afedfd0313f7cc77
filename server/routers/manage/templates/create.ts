import { z } from "zod";
import { createTemplate as createWorkspaceTemplate } from "../../../domain/templates/create-template";
import { SideEffects } from "../../../domain/side-effects/side-effects";
import { createTemplateInput } from "../../../schemas/templates";
import { dashboardProcedure } from "../../../trpc/builders";
import { sideEffectSchema } from "../../shared/idempotent";
import { templateSchema } from "../../programmatic/transaction-templates/template-schema";

/** Endpoint 2's domain function for the dashboard (session, no Idempotency-Key). */
export const createTemplate = dashboardProcedure
  .input(createTemplateInput)
  .output(z.object({ data: templateSchema, side_effects: z.array(sideEffectSchema) }))
  .mutation(async ({ ctx, input }) => {
    const sideEffects = new SideEffects();
    const data = await ctx.db.transaction((tx) =>
      createWorkspaceTemplate(
        { db: tx, workspace: ctx.caller.workspace, userId: ctx.caller.user.id, sideEffects },
        input,
      ),
    );
    return { data, side_effects: sideEffects.list() };
  });
