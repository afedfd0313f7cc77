import { z } from "zod";
import { dayInput, optionalId, optionalText, pageInput, positiveAmount } from "./input-fields";

export const TRANSACTION_TYPES = ["expense", "income", "transfer"] as const;
export const UNCATEGORISED = "uncategorised";

const description = z.string().trim().min(1, "is required").max(200, "must be at most 200 characters");

export const listTransactionsInput = z
  .object({
    ...pageInput,
    account_id: z.uuid().describe("Only transactions of this account.").optional(),
    category_id: z
      .union([z.uuid(), z.literal(UNCATEGORISED)])
      .describe(`Only transactions of this category; "${UNCATEGORISED}" for expenses and income without one.`)
      .optional(),
    type: z.enum(TRANSACTION_TYPES).describe("Only expenses, income or transfer rows.").optional(),
    from: dayInput.describe("Only transactions dated on or after this day (YYYY-MM-DD).").optional(),
    to: dayInput.describe("Only transactions dated on or before this day (YYYY-MM-DD); not before from (400 naming to).").optional(),
    search: z
      .string()
      .trim()
      .max(100, "must be at most 100 characters")
      .describe("Text found in the description or the counterparty, ignoring case; at most 100 characters.")
      .optional(),
  })
  .refine((input) => !input.from || !input.to || input.from <= input.to, { path: ["to"], message: "must not be before from" });

/** Amounts are typed positive; the type decides the sign that is stored (expense negative). */
export const createTransactionInput = z.object({
  account_id: z.uuid("choose an account"),
  type: z.enum(["expense", "income"], "must be expense or income"),
  date: dayInput,
  amount: positiveAmount,
  description,
  counterparty: optionalText(200),
  notes: optionalText(2000),
  category_id: optionalId,
});

/** Editing replaces these attributes; the account, type and direction stay. */
export const updateTransactionInput = z.object({
  id: z.uuid(),
  date: dayInput,
  amount: positiveAmount,
  description,
  counterparty: optionalText(200),
  notes: optionalText(2000),
  category_id: optionalId,
});

export const setCategoryInput = z.object({ id: z.uuid(), category_id: optionalId });

export const transactionIdInput = z.object({ id: z.uuid() });

/** `amount` leaves the source account; `received_amount` arrives when the currencies differ. */
export const transferInput = z
  .object({
    from_account_id: z.uuid("choose the account the money leaves"),
    to_account_id: z.uuid("choose the account the money arrives in"),
    date: dayInput,
    amount: positiveAmount,
    received_amount: positiveAmount.nullish().transform((value) => value ?? null),
    description: description.default("Transfer"),
    notes: optionalText(2000),
  })
  .refine((input) => input.from_account_id !== input.to_account_id, { path: ["to_account_id"], message: "must differ from the source account" });

export type ListTransactionsInput = z.output<typeof listTransactionsInput>;
export type CreateTransactionInput = z.output<typeof createTransactionInput>;
export type UpdateTransactionInput = z.output<typeof updateTransactionInput>;
export type TransferInput = z.output<typeof transferInput>;
