"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { listTransactionsInput } from "@/server/schemas/transactions";
import { FormAlert } from "../form-fields";
import { plural } from "../format";
import { ConfirmDialog, useConfirm } from "../modal";
import { formatMoney } from "../money";
import { ErrorNotice, PageHeading, Pager } from "../page-parts";
import { serverFieldErrors } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { refreshWallets } from "../wallets/wallet-types";
import { TransactionFiltersBar } from "./transaction-filters";
import { TransactionFormDialog } from "./transaction-form-dialog";
import { TransactionTable } from "./transaction-table";
import type { TransactionFilters, TransactionItem } from "./transaction-types";
import { TransferDialog } from "./transfer-dialog";

const PAGE_SIZE = 50;
const FILTER_FIELDS = ["account_id", "category_id", "type", "from", "to", "search"] as const;

/** Transactions: filter, page, add, edit, categorise in place, delete, transfer. */
export function TransactionsView({ initialAccountId }: { initialAccountId?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<TransactionFilters>(initialAccountId ? { account_id: initialAccountId } : {});
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [editing, setEditing] = useState<TransactionItem | null>(null);

  const query = { ...filters, page, limit: PAGE_SIZE };
  const checked = listTransactionsInput.safeParse(query);
  const filterErrors: Record<string, string> = {};
  for (const issue of checked.error?.issues ?? []) filterErrors[String(issue.path[0])] = issue.message;
  const list = useQuery({ ...trpc.programmatic.transactions.list.queryOptions(query), enabled: checked.success });
  const accounts = useQuery(trpc.manage.wallets.accounts.queryOptions());
  const categories = useQuery(trpc.manage.categories.list.queryOptions({ include_archived: true }));
  // A transaction changes balances and category counts too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.programmatic.transactions.pathKey() }),
      refreshWallets(queryClient, trpc),
      queryClient.invalidateQueries({ queryKey: trpc.manage.categories.pathKey() }),
    ]);
  const categorise = useMutation(trpc.manage.transactions.setCategory.mutationOptions({ onSuccess: () => void refresh() }));
  const remove = useConfirm(useMutation(trpc.manage.transactions.delete.mutationOptions({ onSuccess: refresh })), (transaction: TransactionItem) => ({ id: transaction.id }));
  const listErrors = serverFieldErrors(list.error, FILTER_FIELDS);
  const total = list.data?.meta.total ?? 0;
  const accountOptions = accounts.data ?? [];
  const deleting = remove.item;

  return (
    <>
      <PageHeading
        title="Transactions"
        description="Expenses, income and transfers of all your accounts, newest first."
        actions={[{ label: "Transfer", onClick: () => setTransferring(true) }, { label: "New transaction", onClick: () => setCreating(true) }]}
      />
      <TransactionFiltersBar
        filters={filters}
        accounts={accountOptions}
        categories={categories.data}
        errors={{ ...listErrors.fields, ...filterErrors }}
        onChange={(next) => { setFilters(next); setPage(1); }}
      />
      <FormAlert message={listErrors.form} />
      {filterErrors.account_id || filterErrors.category_id ? (
        <p role="alert" className="notice notice-error">This filter names an account or category that does not exist; clear the filters.</p>
      ) : null}
      <ErrorNotice error={categorise.error} />
      {accounts.data && accounts.data.length === 0 ? (
        <p className="notice notice-info">Create a wallet first: transactions are booked on its accounts.</p>
      ) : null}
      {list.isPending && checked.success ? <p className="muted">Loading transactions…</p> : null}
      {list.data ? <p className="muted small" role="status">{plural(total, "transaction", "transactions")}</p> : null}
      {list.data && list.data.data.length === 0 ? <p className="empty">No transactions match.</p> : null}
      {list.data && list.data.data.length > 0 ? (
        <TransactionTable
          transactions={list.data.data}
          categories={categories.data}
          categorising={categorise.isPending ? (categorise.variables?.id ?? null) : null}
          onCategorise={(transaction, categoryId) => categorise.mutate({ id: transaction.id, category_id: categoryId })}
          onEdit={setEditing}
          onDelete={remove.ask}
        />
      ) : null}
      <Pager label="Transaction pages" page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} previous="Newer" next="Older" />

      <TransactionFormDialog open={creating} accounts={accountOptions} categories={categories.data} defaultAccountId={filters.account_id} onClose={() => setCreating(false)} onSaved={() => void refresh()} />
      <TransactionFormDialog open={editing !== null} transaction={editing ?? undefined} accounts={accountOptions} categories={categories.data} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <TransferDialog open={transferring} accounts={accountOptions} onClose={() => setTransferring(false)} onSaved={() => void refresh()} />
      <ConfirmDialog {...remove.dialog} title="Delete transaction?" confirmLabel="Delete transaction">
        <p>
          <strong>{deleting?.description}</strong> on {deleting?.date} ({deleting ? formatMoney(deleting.amount, deleting.currency_code) : ""}) is deleted
          and the balance of {deleting?.account_name} changes with it.
          {deleting?.type === "transfer" ? ` Both sides of the transfer go, including the one on ${deleting.peer_account_name ?? "the other account"}.` : ""}
        </p>
      </ConfirmDialog>
    </>
  );
}
