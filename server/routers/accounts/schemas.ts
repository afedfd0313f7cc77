import { z } from "zod";
import { day, money } from "../shared/fields";
import { resource } from "../shared/schemas";

const accountAttributes = z
  .object({
    name: z.string().describe('The wallet\'s name, with " (CODE)" appended when the wallet holds several currencies.'),
    type: z.enum(["asset", "liability"]).describe("The wallet's account type; this list shows asset accounts only."),
    account_role: z
      .string()
      .describe("The wallet's role: defaultAsset, sharedAsset, savingAsset, ccAsset or cashWalletAsset."),
    currency_id: z.uuid().describe("The account currency's id."),
    currency_code: z.string().describe("ISO 4217 code of the account's currency."),
    currency_symbol: z.string().describe("That currency's symbol."),
    currency_decimal_places: z.number().int().describe("That currency's decimal places."),
    current_balance: money.describe(
      "opening_balance plus the signed amounts of the transactions from opening_balance_date up to today, in the account's currency.",
    ),
    native_current_balance: money
      .nullable()
      .meta({ description: "In the home currency at today's rate; null without a rate." }),
    active: z.boolean().describe("Always true here: only active accounts are listed."),
    notes: z.string().nullable().describe("The wallet's notes; null when empty."),
    liability_type: z.string().nullable().describe("The wallet's liability detail; null when not set."),
    iban: z.string().nullable().describe("IBAN of the bank account; null when not recorded."),
    account_number: z.string().nullable().describe("The bank's account number; null when not recorded."),
    bic: z.string().nullable().describe("BIC of the bank; null when not recorded."),
    opening_balance: money.describe("The balance on opening_balance_date, before that day's transactions."),
    opening_balance_date: day
      .nullable()
      .describe("The day the opening balance applies to; null when not set (every transaction counts)."),
    virtual_balance: money.describe(
      "A balance recorded with the account beside the real one (0 unless set); it is not part of current_balance.",
    ),
    include_net_worth: z.boolean().describe("Whether the wallet counts towards net worth."),
    credit_card_type: z.string().nullable().describe("The wallet's card kind for a credit card; null otherwise."),
    first_payment_date: day.nullable().describe("The wallet's first payment day of a loan or card; null when not set."),
    payment_day_of_month: z
      .number()
      .int()
      .nullable()
      .describe("Day of the month a card or loan payment is due; null when not set."),
    interest: money
      .nullable()
      .describe("The wallet's interest rate, 4 decimal places, per interest_period; null when not set."),
    interest_period: z
      .string()
      .nullable()
      .describe("The period interest is quoted for, e.g. monthly; null when not set."),
    scheduled_payment_amount: money
      .nullable()
      .describe("The regular payment in the account's currency; null when not set."),
    liability_direction: z
      .string()
      .nullable()
      .describe("The wallet's liability detail, e.g. outgoing; null when not set."),
    expected_settle_date: day.nullable().describe("When the liability is expected to be paid off; null when not set."),
    order: z
      .number()
      .int()
      .describe("Position in lists (ascending); the list sorts by order, then the wallet's name, then id."),
    icon: z.string().nullable().describe("The wallet's icon name; null for none."),
    icon_color: z.string().nullable().describe("The wallet's accent colour, #rrggbb; null for none."),
    group_id: z.uuid().nullable().describe("The wallet's group; null when ungrouped."),
    group_name: z.string().nullable().describe("That group's name; null when ungrouped."),
    wallet_id: z.uuid().describe("The wallet holding this account (GET /wallets/{id})."),
  })
  .describe("The account's fields; balances as of today in the workspace timezone.");

export const accountResource = resource("accounts", accountAttributes).meta({
  id: "Account",
  description:
    "An active asset account, usable as a transaction's source or destination: one currency of an active wallet.",
});
