"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { listTransactionsInput } from "@/server/routers/transactions/schemas";
import { errorWords } from "../error-words";
import { decodedFile } from "../export-buttons";
import { FormAlert } from "../form-fields";
import { messageLanguage } from "../locale/locales";
import { ErrorNotice, PageHeading, Pager } from "../page-parts";
import { AlwaysOffer, alwaysSubject, type AlwaysSubject } from "../rules/always-offer";
import { serverFieldErrors } from "../schema-form";
import { ToastRegion, useToast } from "../toast";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { translatedFieldMessage } from "../validation-messages";
import { BulkActions } from "./bulk-actions";
import { BulkDeleteDialog } from "./bulk-delete-dialog";
import { ReconcilePanel } from "./reconcile-panel";
import { SplitDialog } from "./split-dialog";
import { TransactionFiltersBar } from "./transaction-filters";
import { TransactionFormDialog } from "./transaction-form-dialog";
import {
  defaultOrder,
  pageWithin,
  queryString,
  useTransactionQuery,
  type SortField,
  type SortOrder,
} from "./transaction-query";
import { TransactionTable } from "./transaction-table";
import { sortKey, TransactionToolbar } from "./transaction-toolbar";
import type { TransactionItem } from "./transaction-types";
import { TransferDialog } from "./transfer-dialog";
import { useRowSelection } from "./use-row-selection";
import { useTransactionChanges } from "./use-transaction-changes";

const PAGE_SIZE = 50;
const FILTER_FIELDS = [
  "account_id",
  "category_id",
  "type",
  "from",
  "to",
  "search",
  "amount_min",
  "amount_max",
  "import_id",
  "tag",
  "sort",
  "order",
] as const;
const FILTERS_ID = "transaction-filters";
/** The line that counts the list: where the focus goes when the control that had it is gone. */
const STATUS_ID = "transactions-status";

/**
 * Transactions: filter, sort and page (all kept in the address), add, edit, categorise in place,
 * choose rows to categorise or delete at once, transfer. Changes are confirmed by a toast, with Undo
 * for categories and deletes (a delete of several rows is confirmed first).
 */
export function TransactionsView() {
  const t = useTranslations("transactions");
  const language = messageLanguage(useLocale());
  const trpc = useTRPC();
  const [query, navigate] = useTransactionQuery();
  const pathname = usePathname();
  const { filters, sort, order, page } = query;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [editing, setEditing] = useState<TransactionItem | null>(null);
  const [splitting, setSplitting] = useState<TransactionItem | null>(null);
  const [confirmingBulkDelete, setConfirmingBulkDelete] = useState(false);
  // Reconciling the account the list is filtered to; the count moves with each cleared mark changed.
  const [reconciling, setReconciling] = useState(false);
  const [clearedVersion, setClearedVersion] = useState(0);
  // A box ticked shows ticked at once; the server's answer (or its refusal) settles it.
  const [clearedMarks, setClearedMarks] = useState<ReadonlyMap<string, boolean>>(new Map());
  const markCleared = (id: string, cleared: boolean | undefined) =>
    setClearedMarks((marks) => {
      const next = new Map(marks);
      if (cleared === undefined) next.delete(id);
      else next.set(id, cleared);
      return next;
    });
  // The choice belongs to the list it was made in: another filter, order or page starts afresh.
  const listKey = queryString(query);
  const { selected, select, clearSelection } = useRowSelection(listKey);
  const toast = useToast();
  const queryClient = useQueryClient();

  const input = { ...filters, sort, order, page, limit: PAGE_SIZE };
  const checked = listTransactionsInput.safeParse(input);
  /** A filter the list cannot take, next to its field: the schema's phrase in English, in the reader's words otherwise. */
  const filterProblem = (path: string, message: string) => {
    if (message === "must not be before from") return t("view.filterProblems.toBeforeFrom");
    if (message === "must not be less than amount_min") return t("view.filterProblems.maxBelowMin");
    return language === "en" ? message : translatedFieldMessage(path, message, errorWords(language));
  };
  const filterErrors: Record<string, string> = {};
  for (const issue of checked.error?.issues ?? []) {
    const path = String(issue.path[0]);
    filterErrors[path] = filterProblem(path, issue.message);
  }
  const list = useQuery({
    ...trpc.transactions.list.queryOptions(input),
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  const accounts = useQuery(trpc.accounts.options.queryOptions());
  const categories = useQuery(trpc.categories.overview.queryOptions({ include_archived: true }));
  // After a row is filed by hand: "Always put ‘REWE’ in Groceries".
  const [always, setAlways] = useState<AlwaysSubject | null>(null);
  const changes = useTransactionChanges({
    categories: categories.data,
    filterCategory: filters.category_id,
    toast,
    onCategorised: (transaction, categoryId, categoryName) =>
      setAlways(alwaysSubject(transaction, categoryId, categoryName)),
  });
  const mark = useMutation(
    trpc.transactions.patch.mutationOptions({
      onSuccess: () => setClearedVersion((version) => version + 1),
      onError: (error) => toast.show({ message: errorMessage(error), tone: "error" }),
    }),
  );
  // Each tick settles on its own (quick ticks overlap): the shown mark gives way to the server's once
  // the list is read again, or goes back when the write was refused.
  const setCleared = (transaction: TransactionItem, cleared: boolean) => {
    markCleared(transaction.id, cleared);
    mark
      .mutateAsync({ transactions: [{ id: transaction.id, cleared }], dry_run: false })
      .then(() => changes.refresh())
      .catch(() => undefined)
      .finally(() => markCleared(transaction.id, undefined));
  };
  // A tag added to each chosen row (kept once, ignoring case, as the server keeps it); their other tags stay.
  const tagRows = (chosen: TransactionItem[], tag: string) =>
    mark.mutate(
      {
        dry_run: false,
        transactions: chosen.map((row) => ({
          id: row.id,
          tags: row.tags.some((each) => each.toLocaleLowerCase() === tag.toLocaleLowerCase())
            ? row.tags
            : [...row.tags, tag],
        })),
      },
      {
        onSuccess: () => {
          clearSelection();
          toast.show({ message: t("bulk.tagged", { count: chosen.length, tag }) });
          void changes.refresh();
        },
      },
    );
  const unlock = (transaction: TransactionItem) =>
    mark.mutate(
      { transactions: [{ id: transaction.id, reconciled: false }], dry_run: false },
      {
        onSuccess: () => {
          toast.show({ message: t("reconcile.unlocked", { description: transaction.description }) });
          void changes.refresh();
        },
      },
    );
  const listErrors = serverFieldErrors(list.error, FILTER_FIELDS);
  const total = list.data?.meta.total ?? 0;
  const rows = (list.data?.data ?? []).map((row) =>
    clearedMarks.has(row.id) ? { ...row, cleared: clearedMarks.get(row.id)! } : row,
  );
  const accountOptions = accounts.data ?? [];
  const filteredAccount = accountOptions.find((account) => account.id === filters.account_id);
  // Another account chosen (or none) ends the reconciliation shown.
  useEffect(() => setReconciling(false), [filters.account_id]);

  const chosenRows = rows.filter((row) => selected.has(row.id));

  const setFilters = (next: typeof filters) => navigate({ ...query, filters: next, page: 1 });
  const setSort = (nextSort: SortField, nextOrder: SortOrder) =>
    navigate({ ...query, sort: nextSort, order: nextOrder, page: 1 });
  const sortBy = (field: SortField) =>
    setSort(field, field === sort ? (order === "asc" ? "desc" : "asc") : defaultOrder(field));
  const firstPage = { ...query, page: 1 };
  // A page past the last one (its rows were categorised out of the view or deleted) is replaced by
  // the last page: the pager hides itself when one page is left, and would strand the user there.
  const fittingPage = list.data && !list.isPlaceholderData ? pageWithin(page, total, PAGE_SIZE) : page;
  useEffect(() => {
    if (fittingPage !== page) navigate({ ...query, page: fittingPage }, { replace: true });
  }, [fittingPage, page, query, navigate]);
  const activeFilters = Object.values(filters).filter(Boolean).length;
  const orderKey = sortKey(sort, order);

  return (
    <>
      <PageHeading
        title={t("view.title")}
        description={t("view.description")}
        actions={[
          ...(filteredAccount ? [{ label: t("reconcile.start"), onClick: () => setReconciling(true) }] : []),
          { label: t("view.transfer"), onClick: () => setTransferring(true) },
          { label: t("view.newTransaction"), onClick: () => setCreating(true) },
        ]}
      />
      <TransactionToolbar
        sort={sort}
        order={order}
        onSort={setSort}
        filtersId={FILTERS_ID}
        filtersOpen={filtersOpen}
        activeFilters={activeFilters}
        onToggleFilters={() => setFiltersOpen(!filtersOpen)}
        pageCount={rows.length}
        chosen={chosenRows.length}
        onSelectAll={(all) =>
          select(
            rows.map((row) => row.id),
            all,
          )
        }
        exportFile={async (format) =>
          decodedFile(
            await queryClient.fetchQuery({
              ...trpc.transactions.export.queryOptions({ ...filters, sort, order, format }),
              staleTime: 0,
            }),
          )
        }
      />
      <TransactionFiltersBar
        id={FILTERS_ID}
        filters={filters}
        accounts={accountOptions}
        categories={categories.data}
        errors={{ ...listErrors.fields, ...filterErrors }}
        // Folded on phones until asked for, unless a filter needs correcting.
        hidden={!filtersOpen && Object.keys({ ...listErrors.fields, ...filterErrors }).length === 0}
        onChange={setFilters}
      />
      {reconciling && filteredAccount ? (
        <ReconcilePanel
          accountId={filteredAccount.id}
          currencyCode={filteredAccount.currency_code}
          clearedVersion={clearedVersion}
          onClose={() => setReconciling(false)}
          onFinished={(locked) => {
            setReconciling(false);
            toast.show({ message: t("reconcile.finished", { count: locked, account: filteredAccount.name }) });
            void changes.refresh();
          }}
        />
      ) : null}
      <FormAlert message={listErrors.form} />
      {filterErrors.account_id || filterErrors.category_id ? (
        <p role="alert" className="notice notice-error">
          {t("view.unknownFilter")}
        </p>
      ) : null}
      <ErrorNotice error={changes.categorise.error ?? changes.bulkCategorise.error} />
      {always ? <AlwaysOffer key={always.key} subject={always} onDismiss={() => setAlways(null)} /> : null}
      {accounts.data && accounts.data.length === 0 ? <p className="notice notice-info">{t("view.noWallet")}</p> : null}
      {list.isPending && checked.success ? <p className="muted">{t("view.loading")}</p> : null}
      {list.data ? (
        <p id={STATUS_ID} tabIndex={-1} className="muted small" role="status">
          {t("view.status", { count: total, order: t(`sort.options.${orderKey}`) })}
        </p>
      ) : null}
      {chosenRows.length > 0 ? (
        <BulkActions
          count={chosenRows.length}
          transfers={chosenRows.filter((row) => row.type === "transfer").length}
          categories={categories.data}
          pending={changes.bulkCategorise.isPending || changes.bulkRemove.isPending || mark.isPending}
          onCategorise={(categoryId) => changes.categoriseMany(chosenRows, categoryId, clearSelection)}
          onTag={(tag) => tagRows(chosenRows, tag)}
          // One row goes at once, like its own Delete button; several are confirmed first. Both have Undo.
          onDelete={() =>
            chosenRows.length === 1 ? changes.deleteOne(chosenRows[0]!, clearSelection) : setConfirmingBulkDelete(true)
          }
          onClear={clearSelection}
        />
      ) : null}
      {list.data && rows.length === 0 ? (
        <p className="empty">
          {t("view.empty")}
          {page > 1 ? (
            <>
              {" "}
              <a
                href={`${pathname}${queryString(firstPage)}`}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(firstPage);
                }}
              >
                {t("view.firstPage")}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div
          aria-busy={list.isPlaceholderData ? true : undefined}
          className={list.isPlaceholderData ? "tx-list tx-list-stale" : "tx-list"}
        >
          <TransactionTable
            caption={t("view.caption", { order: t(`sort.inCaption.${orderKey}`) })}
            transactions={rows}
            categories={categories.data}
            categorising={changes.categorise.isPending ? (changes.categorise.variables?.id ?? null) : null}
            selected={selected}
            sort={sort}
            order={order}
            onSort={sortBy}
            onSelect={select}
            onCategorise={changes.categoriseOne}
            onEdit={setEditing}
            onDelete={(transaction) => changes.deleteOne(transaction, () => select([transaction.id], false))}
            reconciling={reconciling}
            onClearedChange={setCleared}
            onUnlock={unlock}
            onSplit={setSplitting}
          />
        </div>
      ) : null}
      <Pager
        label={t("view.pages")}
        page={page}
        total={total}
        pageSize={PAGE_SIZE}
        onPage={(next) => navigate({ ...query, page: next })}
      />
      <ToastRegion toast={toast} returnFocusTo={STATUS_ID} />

      <TransactionFormDialog
        open={creating}
        accounts={accountOptions}
        categories={categories.data}
        defaultAccountId={filters.account_id}
        onClose={() => setCreating(false)}
        onSaved={() => void changes.refresh()}
      />
      <TransactionFormDialog
        open={editing !== null}
        transaction={editing ?? undefined}
        accounts={accountOptions}
        categories={categories.data}
        onClose={() => setEditing(null)}
        onSaved={() => void changes.refresh()}
      />
      <SplitDialog
        transaction={splitting}
        categories={categories.data}
        onClose={() => setSplitting(null)}
        onSaved={(message) => {
          setSplitting(null);
          toast.show({ message });
          void changes.refresh();
        }}
      />
      <TransferDialog
        open={transferring}
        accounts={accountOptions}
        onClose={() => setTransferring(false)}
        onSaved={() => void changes.refresh()}
      />
      <BulkDeleteDialog
        open={confirmingBulkDelete}
        rows={chosenRows}
        pending={changes.bulkRemove.isPending}
        error={changes.bulkRemove.error ? errorMessage(changes.bulkRemove.error) : null}
        onCancel={() => {
          setConfirmingBulkDelete(false);
          changes.bulkRemove.reset();
        }}
        onConfirm={() =>
          changes.deleteMany(chosenRows, () => {
            setConfirmingBulkDelete(false);
            clearSelection();
          })
        }
      />
    </>
  );
}
