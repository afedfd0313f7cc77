import { z } from "zod";
import { categoryChoices, currencyChoices } from "../../domain/planning/choices";
import { dashboardProcedure } from "../../trpc/builders";

/** What the budget form offers: categories and currencies (the home currency first chosen). */
export const budgetChoicesProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.object({
      categories: z.array(z.object({ id: z.uuid(), name: z.string(), accent_color: z.string().nullable() })),
      home_currency_id: z.uuid(),
      currencies: z.array(
        z.object({ id: z.uuid(), code: z.string(), symbol: z.string(), decimal_places: z.number().int() }),
      ),
    }),
  )
  .query(async ({ ctx }) => {
    const scope = { db: ctx.db, workspace: ctx.caller.workspace };
    const [categories, currencies] = await Promise.all([categoryChoices(scope), currencyChoices(scope)]);
    return { categories, ...currencies };
  });
