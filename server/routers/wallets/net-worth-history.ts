import { z } from "zod";
import { netWorthHistory } from "../../domain/wallets/net-worth-history";
import { workspaceProcedure } from "../../trpc/builders";
import { currencyObject, day, money, month } from "../shared/fields";

const point = z.object({
  month: month.describe("The month."),
  as_of: day.describe("The day the balances are taken on: the month's last day; today for the current month."),
  amount: money.describe(
    "Net worth on that day in the home currency, at that day's rates (or the latest within the lookback).",
  ),
  accounts_without_rate: z
    .number()
    .int()
    .describe("Accounts left out of amount: no rate to the home currency within the lookback of that day."),
  per_currency: z
    .array(
      z.object({
        currency_code: z.string().describe("ISO 4217 code."),
        amount: money.describe("The accounts of that currency together, in it."),
        home_amount: money.nullable().describe("The same in the home currency; null without a rate."),
      }),
    )
    .describe("The split per currency, by code."),
  per_wallet: z
    .array(
      z.object({
        wallet_id: z.uuid().describe("The wallet."),
        wallet_name: z.string().describe("Its name."),
        home_amount: money.describe("Its accounts on that day in the home currency (those with a rate)."),
        partial: z.boolean().describe("True when one of its accounts had no rate and is left out."),
      }),
    )
    .describe("Each wallet's part, in the wallets' order; a wallet whose accounts were all opened later is absent."),
});

/** Net worth (or one wallet's balance) at each month's end: the overview's chart and a wallet's history. */
export const netWorthHistoryProcedure = workspaceProcedure("wallets:read", ["accounts:read"])
  .meta({
    tool: "get_net_worth_history",
    errors: ["RESOURCE_NOT_FOUND"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/net-worth/history",
      operationId: "getNetWorthHistory",
      tags: ["wallets"],
      summary: "Net worth at each month's end (extension)",
      description:
        "Net worth in the home currency at the end of each of the last `months` months (default 12, at most 60; the " +
        "current month's point is today, equal to the accounts list's native balances summed today), at each day's " +
        "rates: the balances of the active accounts of wallets included in net worth, each as the accounts list " +
        "computes it (opening balance plus the transactions from the opening date up to that day). An account opened " +
        "after a day counts nothing on it. With wallet_id: that wallet's balance history (included in net worth or " +
        "not); 404 for a wallet of another workspace.",
    },
  })
  .input(
    z.object({
      months: z
        .number()
        .int("must be a whole number")
        .min(1, "must be from 1 to 60")
        .max(60, "must be from 1 to 60")
        .default(12)
        .describe("How many months, ending with the current one (1 to 60, default 12)."),
      wallet_id: z.uuid().describe("Only this wallet's accounts: its balance history.").optional(),
    }),
  )
  .output(
    z.object({
      data: z.object({
        currency: currencyObject.describe("The home currency every home amount is in."),
        wallet_id: z.uuid().nullable().describe("The wallet asked for; null for the whole net worth."),
        points: z.array(point).describe("One point per month, oldest first."),
      }),
    }),
  )
  .query(async ({ ctx, input }) => ({
    data: await netWorthHistory(
      { db: ctx.db, workspace: ctx.caller.workspace },
      { months: input.months, wallet_id: input.wallet_id ?? null },
    ),
  }));
