import { z } from "zod";
import { importAccountChoices } from "../../../domain/imports/list-imports";
import { sessionProcedure } from "../../../trpc";

/** The imports page's account picker: the active asset accounts a statement can go into. */
export const importAccounts = sessionProcedure
  .input(z.void())
  .output(z.array(z.object({ id: z.uuid(), name: z.string(), currency_code: z.string() })))
  .query(({ ctx }) => importAccountChoices({ db: ctx.db.prisma, workspace: ctx.caller.workspace }));
