import { z } from "zod";
import { listTransactions, transactionsByIds } from "../../domain/transactions/list-transactions";
import { listTransactionsInput, transactionItem } from "./schemas";
import { workspaceProcedure } from "../../trpc/builders";
import { deletedRows, deltaAnswer, knowledgeBeforeRead, syncListMeta } from "../shared/sync";

/** The transactions page, a script's or an assistant's look at the books: filtered, sorted, one page at a time. */
export const listTransactionsProcedure = workspaceProcedure("transactions:read")
  .meta({
    errors: ["PROGRAMMATIC_PAGINATION_MODE_CONFLICT", "SYNC_TOKEN_EXPIRED"],
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/transactions",
      operationId: "listTransactions",
      tags: ["transactions"],
      summary: "List transactions (extension)",
      description:
        "The workspace's transactions, newest first (date, then creation) unless sort and order say otherwise, as flat " +
        "objects with their account, category and transfer peer; filters: account_id, category_id (or `uncategorised`), " +
        "type, tag (transactions carrying it, written exactly so), import_id (the rows one statement import booked), from and to (dates, inclusive), amount_min and amount_max (the amount ignoring its sign), search " +
        "(description or counterparty, ignoring case, or an amount either way). Page mode: page and limit (1 to 200, default " +
        "50), with the total. Cursor mode: cursor (a previous answer's meta.next_cursor, with the same sort, order and " +
        "filters) and limit, or pagination=cursor for the first page without the total; every page costs the same at any depth. Both answer next_cursor (null on the last page). " +
        "since (a previous answer's meta.server_knowledge): only the transactions created, changed or deleted after it. " +
        "With account_id each row carries running_balance, the account's balance after it in booking order.",
    },
  })
  .input(listTransactionsInput)
  .output(
    z.object({
      data: z
        .array(transactionItem)
        .describe("One page of transactions in the order asked (default newest first: date, then entry time)."),
      deleted: deletedRows,
      meta: syncListMeta.describe(
        "Where this page is in the list, the cursor of the next one, and the token for since.",
      ),
    }),
  )
  .query(async ({ ctx, input }) => {
    const context = { db: ctx.db, workspace: ctx.caller.workspace };
    const { since, cursor, limit, page, pagination, ...filters } = input;
    // A delta is read by cursor: pagination=cursor goes with since, page mode does not.
    const notWithSince = { ...filters, pagination: pagination === "page" ? pagination : undefined };
    const delta = await deltaAnswer(context, "transactions", { since, cursor, limit, page }, notWithSince, (ids) =>
      transactionsByIds(context, ids),
    );
    if (delta) return delta;
    const server_knowledge = await knowledgeBeforeRead(context, "transactions");
    const { items, total, nextCursor } = await listTransactions(context, input);
    const meta =
      total !== null
        ? {
            pagination: "page" as const,
            page: input.page ?? 1,
            limit: input.limit,
            total,
            next_cursor: nextCursor,
            server_knowledge,
          }
        : { pagination: "cursor" as const, limit: input.limit, next_cursor: nextCursor, server_knowledge };
    return { data: items, meta };
  });
