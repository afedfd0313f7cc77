import { z } from "zod";
import {
  accentColor,
  currencyCode,
  dayInput,
  name,
  optionalId,
  optionalText,
  order,
  signedAmount,
} from "./input-fields";

/** Wallet types the dashboard creates: asset wallets (loans are liabilities and are not managed here). */
export const WALLET_TYPES = ["bank", "cash", "savings", "credit_card", "investment", "other"] as const;

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
