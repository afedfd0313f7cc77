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
        "The workspace's transactions as flat objects (account, category, transfer peer), newest first unless sort and " +
        "order say otherwise, filtered as the parameters say. Page mode (page, limit 1 to 200, default 50) answers the " +
        "total; cursor mode (cursor, or pagination=cursor for the first page) costs the same at any depth; both answer " +
        "next_cursor (null on the last page). since (a previous meta.server_knowledge): only rows created, changed or " +
        "deleted after it. With account_id each row carries running_balance.",
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
