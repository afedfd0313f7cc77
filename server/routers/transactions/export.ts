import { exportTransactions } from "../../domain/transactions/export-transactions";
import { workspaceProcedure } from "../../trpc/builders";
import { exportedFile } from "../shared/exported-file";
import { exportTransactionsInput } from "./schemas";

/** The transactions the list shows for the same filters, as one CSV or XLSX file. */
export const exportTransactionsProcedure = workspaceProcedure("transactions:read")
  .meta({
    file: true,
    errors: ["DOMAIN_CONSTRAINT_VIOLATION"],
    notOn: { mcp: "a file download; list_transactions answers the same rows as data an assistant reads" },
    openapi: {
      method: "GET",
      path: "/api/v1/programmatic/transactions/export",
      operationId: "exportTransactions",
      tags: ["transactions"],
      summary: "Export transactions as CSV or XLSX (extension)",
      description:
        "Every transaction the list answers for the same filters and order (account_id, category_id, type, import_id, from, to, " +
        "amount_min, amount_max, search, sort, order), as one file: format=csv (default; UTF-8, comma-separated, CRLF, a " +
        "header row of the list's field names) or format=xlsx (one sheet; days as date cells, amounts as numbers). The " +
        "answer is the file itself, with Content-Disposition: attachment and its file name. Text that a spreadsheet would " +
        "run as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe. At most " +
        "100,000 rows (422 above: export in parts by date).",
    },
  })
  .input(exportTransactionsInput)
  .output(exportedFile)
  .query(async ({ ctx, input }) => {
    const { format, ...filters } = input;
    return exportTransactions({ db: ctx.db, workspace: ctx.caller.workspace }, filters, format);
  });
