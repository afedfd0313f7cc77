import { z } from "zod";
import { EXPORT_FORMATS } from "../../domain/export/table-file";
import { TRANSACTION_TEXT_MAX } from "../../domain/transactions/text-limits";
import { UNCATEGORISED } from "../../domain/transactions/uncategorised";
import { day, money } from "../shared/fields";
import {
  dayBound,
  dayInput,
  optionalId,
  optionalText,
  pageInput,
  positiveAmount,
  tagList,
  tagName,
} from "../shared/input-fields";
import { timestamp } from "../shared/schemas";
import { sinceInput } from "../shared/since-input";

export const TRANSACTION_TYPES = ["expense", "income", "transfer"] as const;
export const TRANSACTION_SORTS = ["date", "amount", "description", "counterparty", "category"] as const;
/** At most this many transactions in one bulk change (four pages of the dashboard's list). */
const BULK_LIMIT = 200;

/** A bound of the amount filter: a plain non-negative number, compared with amounts ignoring their sign. */
const amountBound = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, "must be an amount such as 12.50");

/** Orders two plain non-negative amounts ("012.5" vs "12.50") without a float (the browser runs this too). */
function compareAmounts(a: string, b: string): number {
  const key = (value: string) => {
    const [whole = "", fraction = ""] = value.split(".");
    const digits = whole.replace(/^0+/, "");
    return `${digits.length.toString().padStart(2, "0")}${digits}.${fraction.padEnd(4, "0")}`;
  };
  const [left, right] = [key(a), key(b)];
  return left < right ? -1 : left > right ? 1 : 0;
}

const description = z
  .string()
  .trim()
  .min(1, "is required")
  .max(TRANSACTION_TEXT_MAX, `must be at most ${TRANSACTION_TEXT_MAX} characters`);

/** The list's filters and order: what the list, its export and its tallies select by. */
const filterFields = {
  account_id: z.uuid().describe("Only transactions of this account.").optional(),
  import_id: z
    .uuid()
    .describe(
      "Only the transactions this statement import booked (an import's id; another workspace's matches nothing).",
    )
    .optional(),
  category_id: z
    .union([z.uuid(), z.literal(UNCATEGORISED)])
    .describe(`Only transactions of this category; "${UNCATEGORISED}" for expenses and income without one.`)
    .optional(),
  type: z.enum(TRANSACTION_TYPES).describe("Only expenses, income or transfer rows.").optional(),
  tag: tagName.describe("Only transactions carrying this tag, written exactly so (case counts).").optional(),
  from: dayBound.describe("Only transactions dated on or after this day (YYYY-MM-DD).").optional(),
  to: dayBound
    .describe("Only transactions dated on or before this day (YYYY-MM-DD); not before from (400 naming to).")
    .optional(),
  search: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .describe(
      "Text in the description or counterparty, ignoring case; an amount such as 12.50 (or 12,50) also finds 12.50 and -12.50.",
    )
    .optional(),
  amount_min: amountBound
    .describe("Only transactions whose amount, ignoring its sign, is at least this (e.g. 10 finds -10.00 and 25.00).")
    .optional(),
  amount_max: amountBound
    .describe(
      "Only transactions whose amount, ignoring its sign, is at most this; not below amount_min (400 naming amount_max).",
    )
    .optional(),
  sort: z
    .enum(TRANSACTION_SORTS)
    .describe(
      "date (default), amount (signed: money out first when ascending; not converted), description, counterparty (none " +
        "last) or category (by name; none last when ascending). Ties: newest first (date, entry time, id).",
    )
    .optional(),
  order: z
    .enum(["asc", "desc"])
    .describe("asc or desc; default desc for date (newest first), asc for the others.")
    .optional(),
};

/** The filters' checks across fields: from before to, amount_min not above amount_max. */
function checkedFilters<T extends z.ZodObject<typeof filterFields & z.ZodRawShape>>(schema: T) {
  type Filters = z.output<z.ZodObject<typeof filterFields>>;
  return schema
    .refine(({ from, to }: Filters) => !from || !to || from <= to, {
      path: ["to"],
      message: "must not be before from",
    })
    .refine(({ amount_min: min, amount_max: max }: Filters) => !min || !max || compareAmounts(min, max) <= 0, {
      path: ["amount_max"],
      message: "must not be less than amount_min",
    });
}

export const listTransactionsInput = checkedFilters(
  z.object({
    page: pageInput.page
      .unwrap()
      .optional()
      .describe("Page mode: the one-based page (default 1); a page past the end is empty. Not together with cursor."),
    limit: pageInput.limit,
    cursor: z
      .string()
      .min(1)
      // The last row's sorted text (up to 1,000 characters of 4 bytes) in base64url, with room to spare.
      .max(8192)
      .describe(
        "Cursor mode: the previous answer's meta.next_cursor, with the same sort, order and filters (else 400). Not with page.",
      )
      .optional(),
    pagination: z
      .enum(["page", "cursor"])
      .describe(
        "cursor: the first page in cursor mode, without the total (a count of every matching row); page: page mode (default).",
      )
      .optional(),
    ...filterFields,
    ...sinceInput,
  }),
);

/** The export: the list's filters and order, and the file's format; every matching row, no pages. */
export const exportTransactionsInput = checkedFilters(
  z.object({
    format: z
      .enum(EXPORT_FORMATS)
      .default("csv")
      .describe("csv (UTF-8, comma-separated, a header row; default) or xlsx (a workbook of one sheet)."),
    ...filterFields,
  }),
);

/** Amounts are typed positive; the type decides the sign that is stored (expense negative). */
/** What a person writes of a transaction, whether creating or editing it. */
const transactionText = {
  date: dayInput,
  amount: positiveAmount,
  description,
  counterparty: optionalText(TRANSACTION_TEXT_MAX),
  notes: optionalText(2000),
  category_id: optionalId,
  tags: tagList.optional().describe("Free tags; absent on an edit keeps them, [] clears them."),
  cleared: z
    .boolean()
    .optional()
    .describe("The bank shows it; absent on an edit keeps the mark (new ones: not cleared)."),
};

export const createTransactionInput = z.object({
  account_id: z.uuid("choose an account"),
  type: z.enum(["expense", "income"], "must be expense or income"),
  ...transactionText,
});

/** Editing replaces these attributes; the account, type and direction stay. */
export const updateTransactionInput = z.object({
  id: z.uuid(),
  ...transactionText,
  reconciled: z
    .literal(false)
    .optional()
    .describe("false unlocks a reconciled transaction (needed before changing it)."),
});

export const setCategoryInput = z.object({ id: z.uuid(), category_id: optionalId });

export const transactionIdInput = z.object({ id: z.uuid() });

const bulkIds = z
  .array(z.uuid())
  .min(1, "choose at least one transaction")
  .max(BULK_LIMIT, `must name at most ${BULK_LIMIT} transactions`);

/** One category (or none) for many transactions at once. */
export const bulkSetCategoryInput = z.object({ ids: bulkIds, category_id: optionalId });

/** Undo of a bulk change: each transaction back to the category it had. */
export const restoreCategoriesInput = z.object({
  items: z
    .array(z.object({ id: z.uuid(), category_id: optionalId }))
    .min(1, "name at least one transaction")
    .max(BULK_LIMIT, `must name at most ${BULK_LIMIT} transactions`),
});

export const bulkDeleteInput = z.object({ ids: bulkIds });

/** Undo of a delete: the ids deleted (a transfer's other side comes back with it). */
export const restoreDeletedInput = z.object({ ids: bulkIds });

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
  .refine((input) => input.from_account_id !== input.to_account_id, {
    path: ["to_account_id"],
    message: "must differ from the source account",
  });

export type ListTransactionsInput = z.output<typeof listTransactionsInput>;
export type CreateTransactionInput = z.output<typeof createTransactionInput>;
export type UpdateTransactionInput = z.output<typeof updateTransactionInput>;
export type TransferInput = z.output<typeof transferInput>;

export const transactionItem = z
  .object({
    id: z.uuid().describe("The transaction's id."),
    date: day.describe("The booking day."),
    type: z.enum(TRANSACTION_TYPES).describe("expense, income, or transfer (one of the two rows of a transfer)."),
    amount: money.describe(
      "Signed from the account's point of view, in its currency: negative for money out (expenses, a transfer's sending row), positive for money in.",
    ),
    currency_code: z.string().describe("ISO 4217 code of the account's currency."),
    account_id: z.uuid().describe("The account it is booked on."),
    account_name: z
      .string()
      .describe("The account's name: the wallet's, with \" (CODE)\" when the wallet holds several currencies."),
    wallet_id: z.uuid().describe("The wallet holding that account."),
    category_id: z.uuid().nullable().describe("Its category; null when uncategorised (and for transfers)."),
    category_name: z.string().nullable().describe("That category's name; null without one."),
    category_color: z
      .string()
      .nullable()
      .describe("That category's colour, #rrggbb; null without one or without a colour."),
    category_archived: z.boolean().describe("True when its category is archived."),
    description: z.string().describe("The booking text."),
    counterparty: z.string().nullable().describe("Who paid or was paid; null when unknown."),
    notes: z.string().nullable().describe("Free text; null when empty."),
    tags: z.array(z.string()).describe("Its free tags, in the order given; [] for none."),
    foreign_amount: money
      .nullable()
      .describe("A transfer between currencies: the other side's movement, in foreign_currency_code; null otherwise."),
    foreign_currency_code: z.string().nullable().describe("ISO 4217 code of foreign_amount; null without one."),
    transfer_peer_id: z
      .uuid()
      .nullable()
      .describe("A transfer's other row (on the other account); null for expenses and income."),
    peer_account_id: z.uuid().nullable().describe("The account of that other row; null when not a transfer."),
    peer_account_name: z
      .string()
      .nullable()
      .describe("That account's name, as account_name; null when not a transfer."),
    external_id: z
      .string()
      .nullable()
      .describe("The id its source gave it (a bank's, or a script's own via POST /transactions); null without one."),
    parts: z
      .array(
        z
          .object({
            id: z.uuid().describe("The part's id."),
            amount: money.describe("Signed like the transaction's amount; the parts add up to it."),
            category_id: z.uuid().nullable().describe("Its category; null for none."),
            category_name: z.string().nullable().describe("That category's name."),
            notes: z.string().nullable().describe("Its notes."),
            tags: z.array(z.string()).describe("Its tags."),
          })
          .meta({ id: "TransactionPart", description: "One part of a split transaction." }),
      )
      .describe("A split transaction's parts (reports count these, not the whole); [] when not split."),
    cleared: z.boolean().describe("True when the bank shows it (statement imports book their rows cleared)."),
    reconciled: z
      .boolean()
      .describe("Locked by a reconciliation: edits of what the bank says, and deletion, are 409 until unlocked."),
    running_balance: money
      .nullable()
      .describe(
        "The account's balance after this transaction, in booking order (date, then entry time, then id), as a statement's " +
          "balance column: given in a list filtered by account_id (whatever its sort), null elsewhere and for a " +
          "transaction dated before its account's opening balance date. The last one up to today is the account's " +
          "current_balance.",
      ),
    created_at: timestamp.describe("When the transaction was entered."),
    updated_at: timestamp.describe("When it last changed."),
  })
  .meta({
    id: "Transaction",
    description: "A transaction as a flat object, with its account, category and transfer peer.",
  });
