"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { UNCATEGORISED } from "@/server/schemas/transactions";
import { plural } from "../format";
import type { Toaster } from "../toast";
import { errorMessage } from "../trpc-errors";
import { useTRPC } from "../trpc-provider";
import { refreshWallets } from "../wallets/wallet-types";
import type { CategoryOverview, TransactionItem } from "./transaction-types";

type Restore = { id: string; category_id: string | null }[];

/**
 * The list's writes that end in a toast: categorise one row in place, categorise or delete the
 * chosen rows at once, and undo a categorisation (each row back to the category it had).
 * `filterCategory` is the category the list is filtered to, so a message can say that a row left it.
 */
export function useTransactionChanges({ categories, filterCategory, toast }: { categories: CategoryOverview | undefined; filterCategory: string | undefined; toast: Toaster }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A transaction changes balances and category counts too.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.programmatic.transactions.pathKey() }),
      refreshWallets(queryClient, trpc),
      queryClient.invalidateQueries({ queryKey: trpc.manage.categories.pathKey() }),
    ]);
  const nameOf = (id: string | null) => (id === null ? "Uncategorised" : (categories?.categories.find((category) => category.id === id)?.name ?? "another category"));
  /** "moved from Uncategorised to Groceries" when the row leaves the list shown, else "categorised as Groceries". */
  const outcome = (categoryId: string | null) => {
    if (filterCategory === undefined || filterCategory === (categoryId ?? UNCATEGORISED)) return categoryId === null ? "marked Uncategorised" : `categorised as ${nameOf(categoryId)}`;
    const from = filterCategory === UNCATEGORISED ? "Uncategorised" : nameOf(filterCategory);
    return `moved from ${from} to ${nameOf(categoryId)} (out of this list)`;
  };
  const failed = (error: unknown) => toast.show({ message: errorMessage(error), tone: "error" });

  const restore = useMutation(trpc.manage.transactions.restoreCategories.mutationOptions({ onSettled: () => void refresh() }));
  const undo = (items: Restore, done: string) => () =>
    restore.mutate({ items }, { onSuccess: () => toast.show({ message: `Undone: ${done}.` }), onError: failed });

  const categorise = useMutation(trpc.manage.transactions.setCategory.mutationOptions({ onSettled: () => void refresh() }));
  const categoriseOne = (transaction: TransactionItem, categoryId: string | null) =>
    categorise.mutate(
      { id: transaction.id, category_id: categoryId },
      {
        onSuccess: () =>
          toast.show({
            message: `“${transaction.description}” ${outcome(categoryId)}.`,
            // The row's own picker is gone when the row left the list.
            focusAction: filterCategory !== undefined && filterCategory !== (categoryId ?? UNCATEGORISED),
            action: { label: "Undo", onClick: undo([{ id: transaction.id, category_id: transaction.category_id }], `“${transaction.description}” is back in ${nameOf(transaction.category_id)}`) },
          }),
      },
    );

  const bulkCategorise = useMutation(trpc.manage.transactions.bulkSetCategory.mutationOptions({ onSettled: () => void refresh() }));
  const categoriseMany = (chosen: TransactionItem[], categoryId: string | null, onDone: () => void) => {
    const rows = chosen.filter((transaction) => transaction.type !== "transfer");
    const skipped = chosen.length - rows.length;
    bulkCategorise.mutate(
      { ids: rows.map((row) => row.id), category_id: categoryId },
      {
        onSuccess: ({ changed }) => {
          onDone();
          const count = plural(changed.length, "transaction", "transactions");
          const left = skipped > 0 ? ` ${plural(skipped, "transfer", "transfers")} left as ${skipped === 1 ? "it was" : "they were"}.` : "";
          toast.show({
            message: `${count} ${outcome(categoryId)}.${left}`,
            focusAction: true,
            action: {
              label: "Undo",
              onClick: undo(changed.map((row) => ({ id: row.id, category_id: row.previous_category_id })), `${count} back in ${changed.length === 1 ? "its category" : "their own categories"}`),
            },
          });
        },
      },
    );
  };

  const bulkRemove = useMutation(trpc.manage.transactions.bulkDelete.mutationOptions({ onSuccess: () => refresh() }));
  const deleteMany = (chosen: TransactionItem[], onDone: () => void) =>
    bulkRemove.mutate(
      { ids: chosen.map((row) => row.id) },
      {
        onSuccess: ({ deleted }) => {
          onDone();
          const peers = deleted.length - chosen.length;
          toast.show({ message: `${plural(chosen.length, "transaction", "transactions")} deleted${peers > 0 ? `, with the other side of ${plural(peers, "transfer", "transfers")}` : ""}.` });
        },
      },
    );

  return { refresh, categorise, categoriseOne, bulkCategorise, categoriseMany, bulkRemove, deleteMany };
}
