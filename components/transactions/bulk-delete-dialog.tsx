import { plural } from "../format";
import { ConfirmDialog } from "../modal";
import type { TransactionItem } from "./transaction-types";

/** "Delete 3 transactions?": how many and what else goes with them; the toast that follows has Undo. */
export function BulkDeleteDialog({
  open,
  rows,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  rows: TransactionItem[];
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const count = plural(rows.length, "transaction", "transactions");
  const transfers = rows.filter((row) => row.type === "transfer").length;
  return (
    <ConfirmDialog
      open={open && rows.length > 0}
      title={`Delete ${count}?`}
      confirmLabel={`Delete ${count}`}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {count} {rows.length === 1 ? "is" : "are"} deleted and the balances of{" "}
        {rows.length === 1 ? "its account change" : "their accounts change"} with {rows.length === 1 ? "it" : "them"}.
        {transfers > 0
          ? ` ${plural(transfers, "of them is a transfer", "of them are transfers")}: the other side goes too.`
          : ""}{" "}
        Undo in the message that follows puts them back.
      </p>
    </ConfirmDialog>
  );
}
