import { z } from "zod";
import { SideEffects } from "../../domain/side-effects/side-effects";
import { useTemplate } from "../../domain/templates/use-template";
import { useTemplateInput } from "./schemas";
import { dashboardProcedure } from "../../trpc/builders";
import { sideEffectSchema } from "../shared/idempotent";
import { timestamp } from "../shared/schemas";
import { callerContext } from "../shared/caller-context";

/** "Create transaction from template": the transaction(s) and the template's usage, in one database transaction. */
export const useTemplateProcedure = dashboardProcedure
  .input(useTemplateInput)
  .output(
    z.object({
      data: z.object({
        transactions: z.array(
          z.object({
            id: z.uuid(),
            account_id: z.uuid(),
            amount: z.string(),
            currency_code: z.string(),
            transfer_peer_id: z.uuid().nullable(),
          }),
        ),
        template: z.object({ id: z.uuid(), usage_count: z.number().int(), last_used_at: timestamp }),
      }),
      side_effects: z.array(sideEffectSchema),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const sideEffects = new SideEffects();
    const data = await useTemplate({ ...callerContext(ctx), sideEffects }, input);
    return { data, side_effects: sideEffects.list() };
  });
