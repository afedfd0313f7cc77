"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { listTransactionsInput } from "@/server/schemas/transactions";
import { plural } from "../format";
import { ConfirmDialog } from "../modal";
import { formatMoney } from "../money";
import { serverFieldErrors } from "../schema-form";
import { useTRPC } from "../trpc-provider";
import { errorMessage } from "../trpc-errors";
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
  const [deleting, setDeleting] = useState<TransactionItem | null>(null);

  const query = { ...filters, page, limit: PAGE_SIZE };
  const checked = listTransactionsInput.safeParse(query);
  const filterErrors: Record<string, string> = {};
  for (const issue of checked.error?.issues ?? []) filterErrors[String(issue.path[0])] = issue.message;
  const list = useQuery({ ...trpc.manage.transactions.list.queryOptions(query), enabled: checked.success });
  const accounts = useQuery(trpc.manage.wallets.accounts.queryOptions());
  const categories = useQuery(trpc.manage.categories.list.queryOptions({ include_archived: true }));
  // A transaction changes balances and category counts too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.manage.transactions.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.manage.wallets.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.manage.categories.pathKey() }),
    ]);
  const categorise = useMutation(trpc.manage.transactions.setCategory.mutationOptions({ onSuccess: () => void refresh() }));
  const remove = useMutation(trpc.manage.transactions.delete.mutationOptions({ onSuccess: async () => { await refresh(); setDeleting(null); } }));
  const listErrors = serverFieldErrors(list.error, FILTER_FIELDS);
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const accountOptions = accounts.data ?? [];

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>Transactions</h1>
          <p className="muted">Expenses, income and transfers of all your accounts, newest first.</p>
        </div>
        <div className="heading-actions">
          <button type="button" className="button" onClick={() => setTransferring(true)}>Transfer</button>
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>New transaction</button>
        </div>
      </div>
      <TransactionFiltersBar
        filters={filters}
        accounts={accountOptions}
        categories={categories.data}
        errors={{ ...listErrors.fields, ...filterErrors }}
        onChange={(next) => { setFilters(next); setPage(1); }}
      />
      {listErrors.form ? <p role="alert" className="notice notice-error">{listErrors.form}</p> : null}
      {filterErrors.account_id || filterErrors.category_id ? (
        <p role="alert" className="notice notice-error">This filter names an account or category that does not exist; clear the filters.</p>
      ) : null}
      {categorise.isError ? <p role="alert" className="notice notice-error">{errorMessage(categorise.error)}</p> : null}
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
          onDelete={setDeleting}
        />
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label="Transaction pages">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</button>
          <span className="muted">Page {page} of {pages}</span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>Older</button>
        </nav>
      ) : null}

      <TransactionFormDialog open={creating} accounts={accountOptions} categories={categories.data} defaultAccountId={filters.account_id} onClose={() => setCreating(false)} onSaved={() => void refresh()} />
      <TransactionFormDialog open={editing !== null} transaction={editing ?? undefined} accounts={accountOptions} categories={categories.data} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      <TransferDialog open={transferring} accounts={accountOptions} onClose={() => setTransferring(false)} onSaved={() => void refresh()} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete transaction?"
        confirmLabel="Delete transaction"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : null}
        onCancel={() => { setDeleting(null); remove.reset(); }}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      >
        <p>
          <strong>{deleting?.description}</strong> on {deleting?.date} ({deleting ? formatMoney(deleting.amount, deleting.currency_code) : ""}) is deleted
          and the balance of {deleting?.account_name} changes with it.
          {deleting?.type === "transfer" ? ` Both sides of the transfer go, including the one on ${deleting.peer_account_name ?? "the other account"}.` : ""}
        </p>
      </ConfirmDialog>
    </>
  );
}
