import { z } from "zod";
import { listTransactions as listWorkspaceTransactions } from "../../../domain/transactions/list-transactions";
import { listTransactionsInput, TRANSACTION_TYPES } from "../../../schemas/transactions";
import { workspaceProcedure } from "../../../trpc";
import { day, money } from "../../shared/fields";
import { pageMeta, pageMetaOf, timestamp } from "../../shared/schemas";

const transactionItem = z.object({
  id: z.uuid(),
  date: day,
  type: z.enum(TRANSACTION_TYPES),
  amount: money,
  currency_code: z.string(),
  account_id: z.uuid(),
  account_name: z.string(),
  wallet_id: z.uuid(),
  category_id: z.uuid().nullable(),
  category_name: z.string().nullable(),
  category_color: z.string().nullable(),
  category_archived: z.boolean(),
  description: z.string(),
  counterparty: z.string().nullable(),
  notes: z.string().nullable(),
  foreign_amount: money.nullable(),
  foreign_currency_code: z.string().nullable(),
  transfer_peer_id: z.uuid().nullable(),
  peer_account_id: z.uuid().nullable(),
  peer_account_name: z.string().nullable(),
  created_at: timestamp,
});

/** The transactions page, a script's or an assistant's look at the books: filtered, newest first, one page at a time. */
export const listTransactions = workspaceProcedure("transactions:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/transactions",
      operationId: "listTransactions",
      tags: ["transactions"],
      summary: "List transactions (extension)",
      description:
        "The workspace's transactions, newest first (date, then creation), as flat objects with their account, category " +
        "and transfer peer; filters: account_id, category_id (or `uncategorised`), type, from and to (dates, inclusive), " +
        "search (description or counterparty, ignoring case). Page mode: page and limit (1 to 200, default 50).",
    },
  })
  .input(listTransactionsInput)
  .output(z.object({ data: z.array(transactionItem), meta: pageMeta }))
  .query(async ({ ctx, input }) => {
    const { items, total } = await listWorkspaceTransactions({ db: ctx.db, workspace: ctx.caller.workspace }, input);
    return { data: items, meta: pageMetaOf(input.page, input.limit, total) };
  });
