import { z } from "zod";
import { netWorth } from "../../domain/wallets/net-worth";
import { dashboardProcedure } from "../../trpc/builders";
import { callerContext } from "../shared/caller-context";

const money = z.string().describe("A decimal string in the currency's places.");

/** The home page's net worth: wallets included in net worth, in the home currency at today's rates, with the split per currency. */
export const getNetWorthProcedure = dashboardProcedure
  .input(z.void())
  .output(
    z.object({
      as_of: z.string().describe("Today in the workspace's timezone."),
      currency: z.object({ id: z.uuid(), code: z.string(), symbol: z.string(), decimal_places: z.number().int() }),
      amount: money,
      accounts_counted: z.number().int(),
      accounts_without_rate: z
        .number()
        .int()
        .describe("Accounts left out of the total: no rate to the home currency within the lookback."),
      per_currency: z.array(z.object({ currency_code: z.string(), amount: money, home_amount: money.nullable() })),
    }),
  )
  .query(({ ctx }) => netWorth(callerContext(ctx)));
