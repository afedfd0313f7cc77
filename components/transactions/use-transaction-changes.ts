"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { plural } from "../format";
import type { Toaster } from "../toast";
import { errorMessage } from "../trpc-errors";
import { refreshQueries } from "../refresh-queries";
import { useTRPC } from "../trpc-provider";
import type { CategoryOverview, TransactionItem } from "./transaction-types";
import { UNCATEGORISED } from "@/server/domain/transactions/uncategorised";

type Restore = { id: string; category_id: string | null }[];

/**
 * The list's writes that end in a toast: categorise one row in place, categorise or delete the
 * chosen rows at once, delete one row, and their Undo (each row back to the category it had;
 * deleted rows back exactly as they were, within 15 minutes).
 * `filterCategory` is the category the list is filtered to, so a message can say that a row left it.
 */
export function useTransactionChanges({
  categories,
  filterCategory,
  toast,
  onCategorised,
}: {
  categories: CategoryOverview | undefined;
  filterCategory: string | undefined;
  toast: Toaster;
  /** After one row was filed by hand (the "Always" offer follows it). */
  onCategorised?: (transaction: TransactionItem, categoryId: string | null, categoryName: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A transaction changes balances and category counts too.
  const refresh = () =>
    refreshQueries(queryClient, trpc.transactions.pathKey(), trpc.wallets.pathKey(), trpc.categories.pathKey());
  const nameOf = (id: string | null) =>
    id === null
      ? "Uncategorised"
      : (categories?.categories.find((category) => category.id === id)?.name ?? "another category");
  /** "moved from Uncategorised to Groceries" when the row leaves the list shown, else "categorised as Groceries". */
  const outcome = (categoryId: string | null) => {
    if (filterCategory === undefined || filterCategory === (categoryId ?? UNCATEGORISED))
      return categoryId === null ? "marked Uncategorised" : `categorised as ${nameOf(categoryId)}`;
    const from = filterCategory === UNCATEGORISED ? "Uncategorised" : nameOf(filterCategory);
    return `moved from ${from} to ${nameOf(categoryId)} (out of this list)`;
  };
  const failed = (error: unknown) => toast.show({ message: errorMessage(error), tone: "error" });

  const restore = useMutation(trpc.transactions.restoreCategories.mutationOptions({ onSettled: () => void refresh() }));
  const undo = (items: Restore, done: string) => () =>
    restore.mutate({ items }, { onSuccess: () => toast.show({ message: `Undone: ${done}.` }), onError: failed });

  const categorise = useMutation(trpc.transactions.setCategory.mutationOptions({ onSettled: () => void refresh() }));
  const categoriseOne = (transaction: TransactionItem, categoryId: string | null) =>
    categorise.mutate(
      { id: transaction.id, category_id: categoryId },
      {
        onSuccess: () => {
          onCategorised?.(transaction, categoryId, nameOf(categoryId));
          toast.show({
            message: `“${transaction.description}” ${outcome(categoryId)}.`,
            // The row's own picker is gone when the row left the list.
            focusAction: filterCategory !== undefined && filterCategory !== (categoryId ?? UNCATEGORISED),
            action: {
              label: "Undo",
              undo: true,
              onClick: undo(
                [{ id: transaction.id, category_id: transaction.category_id }],
                `“${transaction.description}” is back in ${nameOf(transaction.category_id)}`,
              ),
            },
          });
        },
      },
    );

  const bulkCategorise = useMutation(
    trpc.transactions.bulkSetCategory.mutationOptions({ onSettled: () => void refresh() }),
  );
  const categoriseMany = (chosen: TransactionItem[], categoryId: string | null, onDone: () => void) => {
    const rows = chosen.filter((transaction) => transaction.type !== "transfer");
    const skipped = chosen.length - rows.length;
    bulkCategorise.mutate(
      { ids: rows.map((row) => row.id), category_id: categoryId },
      {
        onSuccess: ({ changed }) => {
          onDone();
          const count = plural(changed.length, "transaction", "transactions");
          const left =
            skipped > 0
              ? ` ${plural(skipped, "transfer", "transfers")} left as ${skipped === 1 ? "it was" : "they were"}.`
              : "";
          toast.show({
            message: `${count} ${outcome(categoryId)}.${left}`,
            focusAction: true,
            action: {
              label: "Undo",
              undo: true,
              onClick: undo(
                changed.map((row) => ({ id: row.id, category_id: row.previous_category_id })),
                `${count} back in ${changed.length === 1 ? "its category" : "their own categories"}`,
              ),
            },
          });
        },
      },
    );
  };

  const putBack = useMutation(trpc.transactions.restoreDeleted.mutationOptions({ onSettled: () => void refresh() }));
  /** "3 transactions deleted, with the other side of 1 transfer (on Savings)." with Undo, which puts every row that went back. */
  const deleted = (chosen: TransactionItem[], went: string[]) => {
    const ids = new Set(chosen.map((row) => row.id));
    const peers = chosen.filter((row) => row.transfer_peer_id !== null && !ids.has(row.transfer_peer_id));
    const where = [...new Set(peers.map((row) => row.peer_account_name ?? "another account"))].join(", ");
    const what =
      chosen.length === 1 ? `“${chosen[0]!.description}”` : plural(chosen.length, "transaction", "transactions");
    const others =
      peers.length === 0 || went.length === chosen.length
        ? ""
        : chosen.length === 1
          ? `, with its other side on ${where}`
          : `, with the other side of ${plural(peers.length, "transfer", "transfers")} (on ${where})`;
    toast.show({
      message: `${what} deleted${others}.`,
      // The row and its Delete button are gone.
      focusAction: true,
      action: {
        label: "Undo",
        undo: true,
        onClick: () =>
          putBack.mutate(
            { ids: chosen.map((row) => row.id) },
            {
              onSuccess: () =>
                toast.show({
                  message: `Undone: ${what} ${chosen.length === 1 ? "is" : "are"} back${others ? (chosen.length === 1 ? ", with its other side" : ", with the other sides") : ""}.`,
                }),
              onError: failed,
            },
          ),
      },
    });
  };

  const remove = useMutation(trpc.transactions.delete.mutationOptions({ onSuccess: () => refresh() }));
  const deleteOne = (transaction: TransactionItem, onDone: () => void) =>
    remove.mutate(
      { id: transaction.id },
      {
        onSuccess: ({ data: { deleted: went } }) => {
          onDone();
          deleted([transaction], went);
        },
        onError: failed,
      },
    );

  const bulkRemove = useMutation(trpc.transactions.bulkDelete.mutationOptions({ onSuccess: () => refresh() }));
  const deleteMany = (chosen: TransactionItem[], onDone: () => void) =>
    bulkRemove.mutate(
      { ids: chosen.map((row) => row.id) },
      {
        onSuccess: ({ deleted: went }) => {
          onDone();
          deleted(chosen, went);
        },
      },
    );

  return {
    refresh,
    categorise,
    categoriseOne,
    bulkCategorise,
    categoriseMany,
    remove,
    deleteOne,
    bulkRemove,
    deleteMany,
  };
}
