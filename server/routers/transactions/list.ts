import { z } from "zod";
import { listTransactions } from "../../domain/transactions/list-transactions";
import { listTransactionsInput, TRANSACTION_TYPES } from "./schemas";
import { workspaceProcedure } from "../../trpc/builders";
import { day, money } from "../shared/fields";
import { pageMeta, pageMetaOf, timestamp } from "../shared/schemas";

const transactionItem = z
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
    created_at: timestamp.describe("When the transaction was entered."),
  })
  .meta({
    id: "Transaction",
    description: "A transaction as a flat object, with its account, category and transfer peer.",
  });

/** The transactions page, a script's or an assistant's look at the books: filtered, sorted, one page at a time. */
export const listTransactionsProcedure = workspaceProcedure("transactions:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/transactions",
      operationId: "listTransactions",
      tags: ["transactions"],
      summary: "List transactions (extension)",
      description:
        "The workspace's transactions, newest first (date, then creation) unless sort and order say otherwise, as flat " +
        "objects with their account, category and transfer peer; filters: account_id, category_id (or `uncategorised`), " +
        "type, from and to (dates, inclusive), amount_min and amount_max (the amount ignoring its sign), search " +
        "(description or counterparty, ignoring case, or an amount either way). Page mode: page and limit (1 to 200, default 50).",
    },
  })
  .input(listTransactionsInput)
  .output(
    z.object({
      data: z
        .array(transactionItem)
        .describe("One page of transactions in the order asked (default newest first: date, then entry time)."),
      meta: pageMeta.describe("Where this page is in the list."),
    }),
  )
  .query(async ({ ctx, input }) => {
    const { items, total } = await listTransactions({ db: ctx.db, workspace: ctx.caller.workspace }, input);
    return { data: items, meta: pageMetaOf(input.page, input.limit, total) };
  });
