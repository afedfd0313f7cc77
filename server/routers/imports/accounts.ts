import { z } from "zod";
import { importAccountChoices } from "../../domain/imports/list-imports";
import { dashboardProcedure } from "../../trpc/builders";

/** The imports page's account picker: the active asset accounts a statement can go into. */
export const importAccountsProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.array(z.object({ id: z.uuid(), name: z.string(), currency_code: z.string(), has_transactions: z.boolean() })),
  )
  .query(({ ctx }) => importAccountChoices({ db: ctx.db, workspace: ctx.caller.workspace }));
