import { writeTransactions } from "../../domain/transactions/bulk-writes";
import { idempotencyHeaders } from "../shared/idempotent";
import { answerBulkWrite, BULK_WRITE_ERRORS, bulkWriteOutput, bulkWriteProcedure } from "./bulk-write";
import { BULK_WRITE_LIMIT, writeTransactionsInput } from "./write-schemas";

export const writeTransactionsProcedure = bulkWriteProcedure()
  .meta({
    successStatus: 201,
    alternateStatuses: [200],
    idempotent: "unless_dry_run",
    tool: "write_transactions",
    errors: [...BULK_WRITE_ERRORS],
    openapi: {
      method: "POST",
      path: "/api/v1/programmatic/transactions",
      operationId: "writeTransactions",
      tags: ["transactions"],
      summary: "Create or update transactions in bulk (extension)",
      description:
        `1 to ${BULK_WRITE_LIMIT} transactions, all or none. A row with an external_id its account already has updates ` +
        "that transaction (fields absent from the row, category_id too, stay) instead of adding another; the answer " +
        "says per row created, updated or unchanged. Needs an Idempotency-Key (201); " +
        "dry_run true answers the same without writing (200, no key needed). 404 naming the row for an account or " +
        "category the workspace does not have; 422 for an archived category or a row naming one side of a transfer; " +
        "400 naming the row for an amount with more decimals than its currency or an external_id twice in the body.",
      requestHeaders: idempotencyHeaders.partial(),
    },
  })
  .input(writeTransactionsInput)
  .output(bulkWriteOutput)
  .mutation(({ ctx, input }) =>
    answerBulkWrite(ctx, input, (context) => writeTransactions(context, input.transactions)),
  );
