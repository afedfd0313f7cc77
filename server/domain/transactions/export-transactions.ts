import { AppError } from "../../errors";
import type { ListTransactionsInput } from "../../routers/transactions/schemas";
import {
  exportFileName,
  MEDIA_TYPES,
  tableFile,
  type Cell,
  type ExportColumn,
  type ExportFormat,
} from "../export/table-file";
import { todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { countMatching, listTransactions, type TransactionListItem } from "./list-transactions";

/** At most this many rows in one export (about 15 MB of CSV): narrower filters export the rest. */
const EXPORT_ROW_LIMIT = 100_000;
const CHUNK = 1_000;

/** The filters and order of the list; no page, cursor or delta: an export is every matching row. */
export type ExportFilters = Omit<ListTransactionsInput, "page" | "limit" | "cursor" | "pagination" | "since">;

/** The export's columns: the list's fields under the API's names, so a script reads both alike. */
const COLUMNS: Array<ExportColumn & { value: (item: TransactionListItem) => Cell }> = [
  { name: "date", kind: "day", value: (item) => item.date },
  { name: "type", kind: "text", value: (item) => item.type },
  { name: "amount", kind: "amount", value: (item) => item.amount },
  { name: "currency_code", kind: "text", value: (item) => item.currency_code },
  { name: "account_name", kind: "text", value: (item) => item.account_name },
  { name: "category_name", kind: "text", value: (item) => item.category_name },
  { name: "description", kind: "text", value: (item) => item.description },
  { name: "counterparty", kind: "text", value: (item) => item.counterparty },
  { name: "notes", kind: "text", value: (item) => item.notes },
  { name: "peer_account_name", kind: "text", value: (item) => item.peer_account_name },
  { name: "foreign_amount", kind: "amount", value: (item) => item.foreign_amount },
  { name: "foreign_currency_code", kind: "text", value: (item) => item.foreign_currency_code },
  { name: "external_id", kind: "text", value: (item) => item.external_id },
  { name: "id", kind: "text", value: (item) => item.id },
  // After the first columns, so a script reading those by position reads them as before.
  { name: "tags", kind: "text", value: (item) => item.tags.join(", ") },
  { name: "cleared", kind: "text", value: (item) => String(item.cleared) },
  { name: "reconciled", kind: "text", value: (item) => String(item.reconciled) },
  {
    name: "parts",
    kind: "text",
    // A split transaction's parts, "Groceries: -62.10; Household: -18.40" (its category_name is empty).
    value: (item) => item.parts.map((part) => `${part.category_name ?? "Uncategorized"}: ${part.amount}`).join("; "),
  },
];

export interface ExportedFile {
  filename: string;
  media_type: string;
  rows: number;
  content_base64: string;
}

/**
 * The transactions the list shows for `filters` (every page, in the list's order) as one CSV or
 * XLSX file; text that a spreadsheet would run as a formula is neutralised (table-file.ts). More
 * than `rowLimit` matching rows is 422, counted before anything is read.
 */
export async function exportTransactions(
  context: WorkspaceContext,
  filters: ExportFilters,
  format: ExportFormat,
  rowLimit = EXPORT_ROW_LIMIT,
): Promise<ExportedFile> {
  const query: ListTransactionsInput = { ...filters, limit: CHUNK, pagination: "cursor" };
  const total = await countMatching(context, query);
  if (total > rowLimit) {
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${total} transactions match; an export holds at most ${rowLimit}: narrow it with from and to (or other filters) and export in parts.`,
    );
  }
  const rows: Cell[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listTransactions(context, { ...query, cursor }, { runningBalances: false });
    for (const item of page.items) rows.push(COLUMNS.map((column) => column.value(item)));
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  const bytes = tableFile(format, "Transactions", COLUMNS, rows);
  return {
    filename: exportFileName("transactions", todayIn(context.workspace.timezone), format),
    media_type: MEDIA_TYPES[format],
    rows: rows.length,
    content_base64: Buffer.from(bytes).toString("base64"),
  };
}
