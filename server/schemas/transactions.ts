import { z } from "zod";
import { dayInput, optionalId, optionalText, pageInput, positiveAmount } from "./input-fields";

export const TRANSACTION_TYPES = ["expense", "income", "transfer"] as const;
export const UNCATEGORISED = "uncategorised";

const description = z.string().trim().min(1, "is required").max(200, "must be at most 200 characters");

export const listTransactionsInput = z
  .object({
    ...pageInput,
    account_id: z.uuid().optional(),
    /** A category id, or "uncategorised" for expenses and income without one. */
    category_id: z.union([z.uuid(), z.literal(UNCATEGORISED)]).optional(),
    type: z.enum(TRANSACTION_TYPES).optional(),
    from: dayInput.optional(),
    to: dayInput.optional(),
    /** Matches description or counterparty, ignoring case. */
    search: z.string().trim().max(100, "must be at most 100 characters").optional(),
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
