import { z } from "zod";
import { accountChoices, categoryChoices } from "../../domain/planning/choices";
import { dashboardProcedure } from "../../trpc/builders";

/** What the rule form offers: usable accounts (with their currency) and categories. */
export const recurringRuleChoicesProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.object({
      accounts: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          wallet_id: z.uuid(),
          currency_id: z.uuid(),
          currency_code: z.string(),
          decimal_places: z.number().int(),
        }),
      ),
      categories: z.array(z.object({ id: z.uuid(), name: z.string(), accent_color: z.string().nullable() })),
    }),
  )
  .query(async ({ ctx }) => {
    const scope = { db: ctx.db, workspace: ctx.caller.workspace };
    const [accounts, categories] = await Promise.all([accountChoices(scope), categoryChoices(scope)]);
    return { accounts, categories };
  });
