import { z } from "zod";
import { forgetReading, listRememberedReadings, rememberReading } from "../../domain/imports/account-reading";
import { dashboardProcedure } from "../../trpc/builders";
import { timestamp } from "../shared/schemas";
import { parseOptionsObject } from "./parse-options-schemas";

/** The workspace's remembered readings, one per account that has one (wallet pages show them). */
export const listReadingsProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.object({
      data: z.array(
        z.object({ account_id: z.uuid(), parse_options: z.record(z.string(), z.unknown()), updated_at: timestamp }),
      ),
    }),
  )
  .query(async ({ ctx }) => ({ data: await listRememberedReadings({ db: ctx.db, workspace: ctx.caller.workspace }) }));

/**
 * How a file is read, as remembered: where one file's statements go (account_map) and whether it
 * may name another account (accept_other_account) are that upload's, not the account's reading.
 */
const rememberedOptions = parseOptionsObject.transform(
  ({ account_map: _map, accept_other_account: _other, ...reading }) => reading,
);

/** "Remember for this account": the account's next uploads without options of their own are read with these. */
export const rememberReadingProcedure = dashboardProcedure
  .input(z.object({ account_id: z.uuid(), parse_options: rememberedOptions }))
  .output(z.object({ remembered: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await rememberReading({ db: ctx.db, workspace: ctx.caller.workspace }, input.account_id, input.parse_options);
    return { remembered: true as const };
  });

export const forgetReadingProcedure = dashboardProcedure
  .input(z.object({ account_id: z.uuid() }))
  .output(z.object({ forgotten: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await forgetReading({ db: ctx.db, workspace: ctx.caller.workspace }, input.account_id);
    return { forgotten: true as const };
  });
