import { z } from "zod";
import { currencyChoices, walletChoices } from "../../domain/planning/choices";
import { dashboardProcedure } from "../../trpc/builders";

/** What the goal form offers: wallets to link and currencies (the home currency first chosen). */
export const goalChoicesProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.object({
      wallets: z.array(z.object({ id: z.uuid(), name: z.string(), type: z.string() })),
      home_currency_id: z.uuid(),
      currencies: z.array(
        z.object({ id: z.uuid(), code: z.string(), symbol: z.string(), decimal_places: z.number().int() }),
      ),
    }),
  )
  .query(async ({ ctx }) => {
    const scope = { db: ctx.db, workspace: ctx.caller.workspace };
    const [wallets, currencies] = await Promise.all([walletChoices(scope), currencyChoices(scope)]);
    return { wallets, ...currencies };
  });
