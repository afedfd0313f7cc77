import { z } from "zod";
import type { WalletType } from "../../db/generated/prisma/client";
import { currencyObject, day, money } from "../shared/fields";
import {
  accentColor,
  currencyCode,
  dayInput,
  name,
  optionalId,
  optionalText,
  order,
  signedAmount,
} from "../shared/input-fields";
import { resource, timestamp } from "../shared/schemas";

/** Wallet types the dashboard creates: asset wallets (loans are liabilities and are not managed here). */
export const WALLET_TYPES = ["bank", "cash", "savings", "credit_card", "investment", "other"] as const;

/** Every type a stored wallet has (the database's WalletType: loan too), as answers name it. */
export const STORED_WALLET_TYPES = [
  "bank",
  "cash",
  "savings",
  "credit_card",
  "investment",
  "loan",
  "other",
] as const satisfies readonly WalletType[];
// Each of the database's types is listed: a new one fails the type check here.
const everyStoredType: Exclude<WalletType, (typeof STORED_WALLET_TYPES)[number]> extends never ? true : never = true;
void everyStoredType;

export const MAX_ACCOUNTS_PER_WALLET = 20;

/** One currency of a wallet with its opening balance on a day. */
const accountInput = z.object({
  currency_code: currencyCode,
  opening_balance: signedAmount.default("0"),
  opening_balance_date: dayInput,
});

const walletFields = {
  name: name(100),
  type: z.enum(WALLET_TYPES, "must be one of " + WALLET_TYPES.join(", ")).default("bank"),
  icon: optionalText(50),
  accent_color: accentColor.nullish().transform((value) => value ?? null),
  notes: optionalText(2000),
  group_id: optionalId,
  include_net_worth: z.boolean().default(true),
};

export const createWalletInput = z
  .object({
    ...walletFields,
    accounts: z
      .array(accountInput)
      .min(1, "a wallet needs at least one account")
      .max(MAX_ACCOUNTS_PER_WALLET, `a wallet holds at most ${MAX_ACCOUNTS_PER_WALLET} accounts`),
  })
  .superRefine((wallet, context) => {
    // One account per currency: reported on the repeated row so the form can point at it.
    const seen = new Set<string>();
    wallet.accounts.forEach((account, index) => {
      if (seen.has(account.currency_code)) {
        context.addIssue({
          code: "custom",
          path: ["accounts", index, "currency_code"],
          message: `${account.currency_code} is already one of this wallet's accounts`,
        });
      }
      seen.add(account.currency_code);
    });
  });

/** Editing replaces every editable attribute; accounts are changed one by one. */
export const updateWalletInput = z.object({ id: z.uuid(), ...walletFields, order: order.default(0) });

export const addAccountInput = accountInput.extend({ wallet_id: z.uuid() });

export const setOpeningBalanceInput = z.object({
  account_id: z.uuid(),
  opening_balance: signedAmount,
  opening_balance_date: dayInput,
});

export const walletIdInput = z.object({ id: z.uuid() });

export const walletGroupInput = z.object({ name: name(60) });

export type CreateWalletInput = z.output<typeof createWalletInput>;
export type UpdateWalletInput = z.output<typeof updateWalletInput>;
export type AddAccountInput = z.output<typeof addAccountInput>;
export type SetOpeningBalanceInput = z.output<typeof setOpeningBalanceInput>;

const walletAccount = z
  .object({
    id: z.uuid().describe("The account's id: the account_id of transactions, imports and recurring rules."),
    currency: currencyObject.describe("The account's currency; a wallet holds one account per currency."),
    current_balance: money.describe(
      "opening_balance plus the signed amounts of the account's transactions from opening_balance_date up to today (workspace timezone); negative when overdrawn.",
    ),
    opening_balance: money.describe("The balance on opening_balance_date, before that day's transactions."),
    opening_balance_date: day
      .nullable()
      .describe("The day the opening balance applies to; null when not set (every transaction counts)."),
    opening_balance_missing: z.boolean().describe("True when opening_balance_date is not set."),
    active: z.boolean().describe("False for an account closed for new transactions."),
    iban: z.string().nullable().describe("IBAN of the bank account; null when not recorded."),
    bic: z.string().nullable().describe("BIC of the bank; null when not recorded."),
    account_number: z.string().nullable().describe("The bank's account number; null when not recorded."),
  })
  .meta({ id: "WalletAccount", description: "One currency of a wallet: the account transactions are booked on." });

const walletAttributes = z
  .object({
    version: z.number().int().describe("Starts at 1 and grows by one with every change to the wallet or its accounts."),
    name: z.string().describe("The wallet's name, e.g. Everyday Checking."),
    type: z.enum(STORED_WALLET_TYPES).describe("What kind of wallet."),
    icon: z.string().nullable().describe("Icon name for display; null for none."),
    icon_url: z.string().nullable().describe("URL of an icon image; null for none."),
    accent_color: z.string().nullable().describe("Display colour, #rrggbb; null for none."),
    group_id: z.uuid().nullable().describe("The wallet group it is filed under; null when ungrouped."),
    include_net_worth: z.boolean().describe("Whether the wallet counts towards net worth."),
    notes: z.string().nullable().describe("Free text; null when empty."),
    order: z.number().int().describe("Position in lists (ascending); lists sort by order, then name, then id."),
    liability_type: z.string().nullable().describe("Liability detail, e.g. credit_card; null when not set."),
    liability_direction: z.string().nullable().describe("Liability detail, e.g. outgoing; null when not set."),
    interest: money
      .nullable()
      .describe("Interest rate, decimal string with 4 places, per interest_period; null when not set."),
    interest_period: z
      .string()
      .nullable()
      .describe("The period interest is quoted for, e.g. yearly; null when not set."),
    monthly_payment_date: z
      .number()
      .int()
      .nullable()
      .describe("Day of the month a loan instalment is due; null when not set."),
    term_periods: z.number().int().nullable().describe("Number of repayment periods of a loan; null when not set."),
    repayment_type: z.string().nullable().describe("How a loan is repaid, e.g. french; null when not set."),
    scheduled_payment_amount: money
      .nullable()
      .describe("The regular payment, in the currency of the wallet's first account; null when not set."),
    first_payment_date: day.nullable().describe("First payment day of a loan or card; null when not set."),
    payment_day_of_month: z
      .number()
      .int()
      .nullable()
      .describe("Day of the month a card or loan payment is due; null when not set."),
    expected_settle_date: day.nullable().describe("When the liability is expected to be paid off; null when not set."),
    accounts: z.array(walletAccount).describe("The wallet's accounts, one per currency, by order then id."),
    total_balance: money.describe(
      "Sum of the accounts in the home currency at today's rate; accounts without a rate within 7 days are left out.",
    ),
    total_balance_currency: currencyObject.describe("The workspace's home currency, in which total_balance is given."),
    total_today_at: timestamp.describe("When the balances were computed."),
    per_currency: z
      .array(
        z.object({
          currency_id: z.uuid().describe("The account's currency id."),
          currency_code: z.string().describe("ISO 4217 code of that currency."),
          amount: money.describe("The account's current_balance, in that currency."),
        }),
      )
      .describe("Each account's balance in its own currency, unconverted."),
    balance_sparkline_30d: z.array(z.number()).length(30).meta({
      description:
        "30 daily closing totals in the home currency, oldest first, each account at today's rate; the last equals total_balance.",
    }),
    balance_trend_30d_percentage: z
      .string()
      .nullable()
      .describe("(last - first) / |first| * 100 of the sparkline, 2 places; null when the first point is 0."),
    needs_opening_balance_setup: z.boolean().describe("True when an active account has no opening_balance_date."),
    last_reconciled_at: day
      .nullable()
      .describe("The day the wallet was last reconciled with a statement; null when never."),
    reconciliation_status: z
      .string()
      .nullable()
      .describe(
        "reconciled once a reconciliation of one of its accounts has finished (POST /accounts/{id}/reconciliations); null when never.",
      ),
    credit_card: z
      .object({
        card_type: z.string().nullable().describe("The card's kind; null when not set."),
        credit_limit: money.nullable().describe("The credit limit; null when not set."),
        available_credit: money
          .nullable()
          .describe(
            "credit_limit plus the first account's balance (which is negative when money is owed); null without a limit.",
          ),
        payment_day_of_month: z
          .number()
          .int()
          .nullable()
          .describe("Day of the month the card is paid; null when not set."),
        currency_code: z.string().describe("Currency of the amounts above: the first account's."),
      })
      .nullable()
      .describe("Card details for a credit_card wallet; null for every other type."),
    created_at: timestamp.describe("When the wallet was created."),
    updated_at: timestamp.describe("When the wallet last changed."),
    archived_at: timestamp.nullable().describe("When it was archived; null while active."),
    is_archived: z
      .boolean()
      .describe("True for an archived wallet (shown by id, and in the list with include_archived=true)."),
  })
  .describe("The wallet's fields, balances as of today in the workspace timezone.");

export const walletResource = resource("wallets", walletAttributes).meta({
  id: "Wallet",
  description: "An asset wallet: a bank relationship (or cash, savings, card) holding one account per currency.",
});

export const walletWritten = z.object({ id: z.uuid(), version: z.number().int() });
export const groupOutput = z.object({ id: z.uuid(), name: z.string(), order: z.number().int() });
