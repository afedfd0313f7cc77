"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("transactions.changes");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // A transaction changes balances and category counts too.
  const refresh = () =>
    refreshQueries(queryClient, trpc.transactions.pathKey(), trpc.wallets.pathKey(), trpc.categories.pathKey());
  const nameOf = (id: string | null) =>
    id === null
      ? t("uncategorised")
      : (categories?.categories.find((category) => category.id === id)?.name ?? t("anotherCategory"));
  /**
   * What became of the rows: "moved from Uncategorised to Groceries" when they left the list shown,
   * else "categorised as Groceries" (`one`: a row named by its description; `many`: a count of rows).
   */
  const outcome = (categoryId: string | null, rows: { description: string } | { count: number }) => {
    const one = "description" in rows;
    if (filterCategory === undefined || filterCategory === (categoryId ?? UNCATEGORISED)) {
      if (categoryId === null) return one ? t("one.uncategorised", rows) : t("many.uncategorised", rows);
      const category = nameOf(categoryId);
      return one ? t("one.categorised", { ...rows, category }) : t("many.categorised", { ...rows, category });
    }
    const from = filterCategory === UNCATEGORISED ? t("uncategorised") : nameOf(filterCategory);
    const to = nameOf(categoryId);
    return one ? t("one.moved", { ...rows, from, to }) : t("many.moved", { ...rows, from, to });
  };
  const failed = (error: unknown) => toast.show({ message: errorMessage(error), tone: "error" });

  const restore = useMutation(trpc.transactions.restoreCategories.mutationOptions({ onSettled: () => void refresh() }));
  const undo = (items: Restore, done: string) => () =>
    restore.mutate({ items }, { onSuccess: () => toast.show({ message: done }), onError: failed });

  const categorise = useMutation(trpc.transactions.setCategory.mutationOptions({ onSettled: () => void refresh() }));
  const categoriseOne = (transaction: TransactionItem, categoryId: string | null) =>
    categorise.mutate(
      { id: transaction.id, category_id: categoryId },
      {
        onSuccess: () => {
          onCategorised?.(transaction, categoryId, nameOf(categoryId));
          toast.show({
            message: outcome(categoryId, { description: transaction.description }),
            // The row's own picker is gone when the row left the list.
            focusAction: filterCategory !== undefined && filterCategory !== (categoryId ?? UNCATEGORISED),
            action: {
              label: t("undo"),
              undo: true,
              onClick: undo(
                [{ id: transaction.id, category_id: transaction.category_id }],
                t("one.undone", { description: transaction.description, category: nameOf(transaction.category_id) }),
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
    // Transfers take no category; a split one's categories are its parts'.
    const rows = chosen.filter((transaction) => transaction.type !== "transfer" && transaction.parts.length === 0);
    const skipped = chosen.length - rows.length;
    bulkCategorise.mutate(
      { ids: rows.map((row) => row.id), category_id: categoryId },
      {
        onSuccess: ({ changed }) => {
          onDone();
          const count = changed.length;
          const left = skipped > 0 ? ` ${t("many.skipped", { count: skipped })}` : "";
          toast.show({
            message: `${outcome(categoryId, { count })}${left}`,
            focusAction: true,
            action: {
              label: t("undo"),
              undo: true,
              onClick: undo(
                changed.map((row) => ({ id: row.id, category_id: row.previous_category_id })),
                t("many.undone", { count }),
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
    const accounts = [...new Set(peers.map((row) => row.peer_account_name ?? t("deleted.anotherAccount")))].join(", ");
    // The other sides are named when they went too without being chosen.
    const others = peers.length > 0 && went.length !== chosen.length;
    const one = chosen.length === 1 ? { description: chosen[0]!.description } : null;
    const count = chosen.length;
    const message = one
      ? others
        ? t("deleted.oneWithPeer", { ...one, accounts })
        : t("deleted.one", one)
      : others
        ? t("deleted.manyWithPeers", { count, transfers: peers.length, accounts })
        : t("deleted.many", { count });
    const undone = one
      ? others
        ? t("deleted.undoneOneWithPeer", one)
        : t("deleted.undoneOne", one)
      : others
        ? t("deleted.undoneManyWithPeers", { count })
        : t("deleted.undoneMany", { count });
    toast.show({
      message,
      // The row and its Delete button are gone.
      focusAction: true,
      action: {
        label: t("undo"),
        undo: true,
        onClick: () =>
          putBack.mutate(
            { ids: chosen.map((row) => row.id) },
            {
              onSuccess: () => toast.show({ message: undone }),
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
