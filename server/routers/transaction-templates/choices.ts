import { z } from "zod";
import { templateChoices } from "../../domain/templates/list-templates";
import { dashboardProcedure } from "../../trpc/builders";

/** What the template forms offer: wallets with their accounts, categories, currencies. */
export const templateChoicesProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.object({
      wallets: z.array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          accounts: z.array(
            z.object({ id: z.uuid(), name: z.string(), currency_code: z.string(), decimal_places: z.number().int() }),
          ),
        }),
      ),
      categories: z.array(z.object({ id: z.uuid(), name: z.string() })),
      currencies: z.array(z.object({ code: z.string(), decimal_places: z.number().int() })),
    }),
  )
  .query(({ ctx }) => templateChoices({ db: ctx.db, workspace: ctx.caller.workspace }));
