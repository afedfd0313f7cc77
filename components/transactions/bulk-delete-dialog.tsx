import { useTranslations } from "next-intl";
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
  const t = useTranslations("transactions.bulkDelete");
  const count = rows.length;
  const transfers = rows.filter((row) => row.type === "transfer").length;
  return (
    <ConfirmDialog
      open={open && rows.length > 0}
      title={t("title", { count })}
      confirmLabel={t("confirm", { count })}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {t("deleted", { count })}
        {transfers > 0 ? ` ${t("transfers", { count: transfers })}` : ""} {t("undo")}
      </p>
    </ConfirmDialog>
  );
}
