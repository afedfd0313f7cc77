import type { CreateTransactionInput, UpdateTransactionInput } from "../../routers/transactions/schemas";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { recordAccountBalances } from "../accounts/balance-effects";
import { amountIn } from "../money/amount-input";
import { dayToDate } from "../time/calendar";
import { deleteWithUndo } from "./deleted-transactions";
import { applyTransactionChanges } from "./edit-transaction";
import { checkKeptParts } from "./parts";
import { accountOf, noCategoryOnTransfers, transactionOf, usableCategoryId } from "./references";

/** An expense or income on an active asset account, in the account's currency; expenses are stored negative. */
export async function createTransaction(
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  input: CreateTransactionInput,
): Promise<{ id: string }> {
  const account = await accountOf({ db, workspace }, input.account_id, true);
  const categoryId = await usableCategoryId({ db, workspace }, input.category_id);
  const amount = amountIn(input.amount, account.currency, "amount");
  const created = await db.prisma.transaction.create({
    data: {
      workspaceId: workspace.id,
      accountId: account.id,
      currencyId: account.currency.id,
      type: input.type,
      date: dayToDate(input.date),
      amount: (input.type === "expense" ? amount.neg() : amount).toFixed(),
      description: input.description,
      counterparty: input.counterparty,
      notes: input.notes,
      categoryId,
      tags: input.tags ?? [],
      cleared: input.cleared ?? false,
      createdByUserId: userId,
    },
  });
  return { id: created.id };
}

/**
 * Replaces date, amount, texts and category. The amount keeps the row's direction (a refund
 * booked as a positive expense stays positive). On a transfer the other side follows: the same
 * date, description and notes, and the matching amount (same currency) or foreign amount.
 */
export async function updateTransaction(
  { db, workspace }: WorkspaceContext,
  input: UpdateTransactionInput,
): Promise<{ id: string }> {
  const row = await transactionOf({ db, workspace }, input.id);
  if (row.type === "transfer" && input.category_id !== null) throw noCategoryOnTransfers();
  const categoryId = await usableCategoryId({ db, workspace }, input.category_id, row.categoryId);
  const magnitude = amountIn(input.amount, row.currencyInfo, "amount");
  const outgoing = row.amount.isZero() ? row.type === "expense" : row.amount.isNegative();
  const amount = outgoing ? magnitude.neg() : magnitude;
  const date = dayToDate(input.date);
  checkKeptParts(["parts"], row, { amount, categoryId }, row.currencyInfo);

  return db.transaction(async (tx) => {
    await applyTransactionChanges(tx, row, {
      date,
      amount,
      description: input.description,
      counterparty: input.counterparty,
      notes: input.notes,
      categoryId,
      tags: input.tags,
      cleared: input.cleared,
      reconciled: input.reconciled,
    });
    return { id: row.id };
  });
}

/** Files a transaction under a category, or under none (null). */
export async function setTransactionCategory(
  { db, workspace }: WorkspaceContext,
  input: { id: string; category_id: string | null },
): Promise<{ id: string }> {
  const row = await transactionOf({ db, workspace }, input.id);
  if (row.type === "transfer" && input.category_id !== null) throw noCategoryOnTransfers();
  const categoryId = await usableCategoryId({ db, workspace }, input.category_id, row.categoryId);
  await db.prisma.transaction.update({ where: { id: row.id }, data: { categoryId } });
  return { id: row.id };
}

/**
 * Deletes a transaction; a transfer goes with its other side, so no half-transfer is left.
 * restoreDeletedTransactions puts them back within 15 minutes. Reports each deleted transaction
 * and each account whose balance moved.
 */
export async function deleteTransaction(
  { db, workspace, userId, sideEffects }: WorkspaceTransaction & { userId: string },
  input: { id: string },
): Promise<{ deleted: string[] }> {
  const row = await transactionOf({ db, workspace }, input.id);
  return db.transaction(async (tx) => {
    const peers = await tx.prisma.transaction.findMany({
      where: {
        workspaceId: workspace.id,
        OR: [{ transferPeerId: row.id }, ...(row.transferPeerId ? [{ id: row.transferPeerId }] : [])],
      },
      select: { id: true, accountId: true },
    });
    const ids = [row.id, ...peers.map((peer) => peer.id).filter((id) => id !== row.id)];
    await deleteWithUndo({ db: tx, workspace, userId }, ids);
    for (const id of ids) sideEffects.record({ domain: "transactions", id, action: "delete", data: {} });
    const accountIds = new Set([row.accountId, ...peers.map((peer) => peer.accountId)]);
    await recordAccountBalances({ db: tx, workspace, sideEffects }, [...accountIds]);
    return { deleted: ids };
  });
}
