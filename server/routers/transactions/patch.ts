import { patchTransactions } from "../../domain/transactions/bulk-writes";
import { idempotencyHeaders } from "../shared/idempotent";
import { answerBulkWrite, BULK_WRITE_ERRORS, bulkWriteOutput, bulkWriteProcedure } from "./bulk-write";
import { BULK_WRITE_LIMIT, patchTransactionsInput } from "./write-schemas";

export const patchTransactionsProcedure = bulkWriteProcedure()
  .meta({
    successStatus: 200,
    idempotent: "unless_dry_run",
    tool: "update_transactions",
    errors: [...BULK_WRITE_ERRORS],
    openapi: {
      method: "PATCH",
      path: "/api/v1/programmatic/transactions",
      operationId: "updateTransactions",
      tags: ["transactions"],
      summary: "Change transactions in bulk (extension)",
      description:
        `1 to ${BULK_WRITE_LIMIT} changes, all or none: each names a transaction by id and the fields to set ` +
        "(category_id, description, counterparty, notes, tags, date, amount, cleared); the others stay. Bulk categorising is this " +
        "call with category_id alone. A transfer keeps its direction and takes no category (422); its other side " +
        "follows the date, description, notes and amount. A reconciled row is 409 unless reconciled: false comes too. " +
        "Needs an Idempotency-Key unless dry_run is true. 404 naming the row for an id the workspace does not have.",
      requestHeaders: idempotencyHeaders.partial(),
    },
  })
  .input(patchTransactionsInput)
  .output(bulkWriteOutput)
  .mutation(({ ctx, input }) =>
    answerBulkWrite(ctx, input, (context) => patchTransactions(context, input.transactions)),
  );
