import { z } from "zod";
import { getTransaction } from "../../domain/transactions/list-transactions";
import { workspaceProcedure } from "../../trpc/builders";
import { transactionItem } from "./schemas";

export const getTransactionProcedure = workspaceProcedure("transactions:read")
  .meta({
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/transactions/{id}",
      operationId: "getTransaction",
      tags: ["transactions"],
      summary: "Get a transaction (extension)",
      description: "One transaction as the list shows it. 404 for an id the token's workspace does not have.",
    },
  })
  .input(z.object({ id: z.uuid().describe("The transaction's id.") }))
  .output(z.object({ data: transactionItem.describe("The transaction.") }))
  .query(async ({ ctx, input }) => ({
    data: await getTransaction({ db: ctx.db, workspace: ctx.caller.workspace }, input.id),
  }));
