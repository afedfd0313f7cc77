import { z } from "zod";
import { MAX_PARTS } from "../../domain/transactions/parts";
import { TRANSACTION_TEXT_MAX } from "../../domain/transactions/text-limits";
import { dayInput, signedAmount, tagList } from "../shared/input-fields";
import { refuseRepeatedKeys } from "../shared/repeated-keys";
import { userText } from "../shared/user-text";

/** At most this many transactions in one bulk write (CONTRACT "Transaction writes"). */
export const BULK_WRITE_LIMIT = 500;

/** An id as PostgreSQL prints it: clients that write UUIDs in capitals (Swift, .NET) name the same rows. */
const id = () => z.uuid().transform((value) => value.toLowerCase());

const text = (max: number) => userText().trim().max(max, `must be at most ${max} characters`);

/** Text fields a write may set: absent keeps what the transaction has (new ones: none), null or "" clears it. */
const clearable = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((value) => (value === "" ? null : value));

const transactionPart = z
  .object({
    amount: signedAmount
      .refine((value) => !/^-?0+(\.0+)?$/.test(value), "must not be 0")
      .describe("Signed like the transaction's amount."),
    category_id: id().nullable().optional(),
    notes: clearable(2000),
    tags: tagList.optional(),
  })
  .meta({ id: "TransactionPartWrite", description: "A part of a split transaction: amount, category, notes, tags." });

/** 0 (unsplit) or 2 to 50 parts; they must add up to the transaction's amount (422 naming the difference). */
const parts = z
  .array(transactionPart)
  .max(MAX_PARTS, `must hold at most ${MAX_PARTS} parts`)
  .refine((list) => list.length !== 1, "must hold 2 or more parts, or none ([] unsplits)")
  .optional()
  .describe(`A split: 2 to ${MAX_PARTS} parts adding up to the amount (else 422); [] unsplits; absent keeps.`);

const writtenFields = {
  date: dayInput.describe("The booking day, YYYY-MM-DD."),
  amount: signedAmount.describe(
    "Signed, in the account's currency: negative for money out (an expense), zero or positive for money in (income).",
  ),
  description: text(TRANSACTION_TEXT_MAX)
    .min(1, "is required")
    .describe(`The booking text, 1 to ${TRANSACTION_TEXT_MAX.toLocaleString("en-US")} characters.`),
  counterparty: clearable(TRANSACTION_TEXT_MAX).describe(
    `Who paid or was paid, up to ${TRANSACTION_TEXT_MAX.toLocaleString("en-US")} characters; null clears it.`,
  ),
  notes: clearable(2000).describe("Free text, up to 2,000 characters; null clears it."),
  category_id: id()
    .nullable()
    .optional()
    .describe("A category of the workspace (not archived); null: none. Absent on an update: kept."),
  tags: tagList
    .optional()
    .describe("Up to 20 tags of 1 to 50 characters; [] clears them, absent on an update keeps them."),
  cleared: z.boolean().optional().describe("true: the bank shows it. Absent on an update: kept (new ones: false)."),
  parts,
  reconciled: z
    .literal(false)
    .optional()
    .describe("false unlocks a reconciled transaction (in the same write as a change); only a reconciliation locks."),
};

const writeTransactionRow = z
  .object({
    account_id: id().describe("The account it is booked on: an active account of an asset wallet."),
    ...writtenFields,
    external_id: text(200)
      .min(1, "must not be empty")
      .optional()
      .describe(
        "Your own id for it (a bank's or your app's), unique per account: a row repeating one its account has updates " +
          "that transaction instead of adding another.",
      ),
  })
  .meta({ id: "TransactionWrite", description: "A transaction to create, or to update by its external_id." });

const dryRun = z
  .boolean()
  .default(false)
  .describe("true: answer what the write would do (the same statuses and checks) and change nothing.");

/** The same key twice in one body: which index repeats which. */
const repeats = <Row>(rows: Row[], keyOf: (row: Row) => string | null, ctx: z.RefinementCtx, field: string) =>
  refuseRepeatedKeys(rows, keyOf, ctx, { list: "transactions", field, advice: "each may come once in a body" });

const bulk = <Row extends z.ZodType>(row: Row) =>
  z
    .array(row)
    .min(1, "must hold at least one transaction")
    .max(BULK_WRITE_LIMIT, `must hold at most ${BULK_WRITE_LIMIT} transactions a call`);

export const writeTransactionsInput = z
  .object({
    transactions: bulk(writeTransactionRow).describe(
      `1 to ${BULK_WRITE_LIMIT} transactions, written all or none, in this order.`,
    ),
    dry_run: dryRun,
  })
  .superRefine((input, ctx) =>
    repeats(
      input.transactions,
      (row) => (row.external_id === undefined ? null : `${row.account_id} ${row.external_id}`),
      ctx,
      "external_id",
    ),
  );

const patchTransactionRow = z
  .object({
    id: id().describe("The transaction to change."),
    date: writtenFields.date.optional(),
    amount: writtenFields.amount.optional(),
    description: writtenFields.description.optional(),
    counterparty: writtenFields.counterparty,
    notes: writtenFields.notes,
    category_id: writtenFields.category_id,
    tags: writtenFields.tags,
    cleared: writtenFields.cleared,
    parts: writtenFields.parts,
    reconciled: writtenFields.reconciled,
  })
  .meta({
    id: "TransactionPatch",
    description: "The fields to change of one transaction; those absent stay.",
  });

export const patchTransactionsInput = z
  .object({
    transactions: bulk(patchTransactionRow).describe(
      `1 to ${BULK_WRITE_LIMIT} changes, written all or none, in this order.`,
    ),
    dry_run: dryRun,
  })
  .superRefine((input, ctx) => repeats(input.transactions, (row) => row.id, ctx, "id"));

const WRITE_STATUSES = ["created", "updated", "unchanged"] as const;

export const writeResult = z
  .object({
    id: z.uuid().describe("The transaction's id (for a dry run's new row: the id it would have had)."),
    status: z
      .enum(WRITE_STATUSES)
      .describe("created, updated (a field differed), or unchanged (the transaction already was so)."),
    external_id: z.string().nullable().describe("Its external_id; null without one."),
  })
  .meta({ id: "TransactionWriteResult", description: "What a bulk write did with one row of its body." });

export type WriteTransactionRow = z.output<typeof writeTransactionRow>;
export type PatchTransactionRow = z.output<typeof patchTransactionRow>;
