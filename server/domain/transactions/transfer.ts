import { randomUUID } from "node:crypto";
import { AppError } from "../../errors";
import type { TransferInput } from "../../routers/transactions/schemas";
import type { WorkspaceContext } from "../workspace-context";
import { amountIn } from "../money/amount-input";
import { dayToDate } from "../time/calendar";
import { accountOf } from "./references";

export interface TransferWritten {
  /** The row on the source account (money out, negative). */
  outgoingId: string;
  /** The row on the destination account (money in, positive). */
  incomingId: string;
}

/**
 * Money moved between two active asset accounts of the workspace: two `transfer` rows pointing at
 * each other through transfer_peer_id, written in one database transaction. Between currencies
 * each row carries its movement in the other currency as foreign_amount (minus the other row's
 * amount), so either side tells the rate that was applied.
 */
export async function createTransfer(
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  input: TransferInput,
): Promise<TransferWritten> {
  if (input.from_account_id === input.to_account_id) {
    throw new AppError("DOMAIN_CONSTRAINT_VIOLATION", "A transfer needs two different accounts.");
  }
  const from = await accountOf({ db, workspace }, input.from_account_id, true);
  const to = await accountOf({ db, workspace }, input.to_account_id, true);
  const sent = amountIn(input.amount, from.currency, "amount");
  const sameCurrency = from.currency.id === to.currency.id;
  let received = sent;
  if (input.received_amount !== null) {
    received = amountIn(input.received_amount, to.currency, "received_amount");
    if (sameCurrency && !received.equals(sent)) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Validation failed: received_amount: must equal amount when both accounts are in ${from.currency.code}`,
      );
    }
  } else if (!sameCurrency) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Validation failed: received_amount: is required for a transfer from ${from.currency.code} to ${to.currency.code}`,
    );
  }

  const outgoingId = randomUUID();
  const incomingId = randomUUID();
  const shared = {
    workspaceId: workspace.id,
    type: "transfer" as const,
    date: dayToDate(input.date),
    description: input.description,
    notes: input.notes,
    createdByUserId: userId,
  };
  await db.transaction(async (tx) => {
    await tx.prisma.transaction.create({
      data: {
        ...shared,
        id: outgoingId,
        accountId: from.id,
        currencyId: from.currency.id,
        amount: sent.neg().toFixed(),
        ...(sameCurrency ? {} : { foreignAmount: received.neg().toFixed(), foreignCurrencyId: to.currency.id }),
      },
    });
    await tx.prisma.transaction.create({
      data: {
        ...shared,
        id: incomingId,
        accountId: to.id,
        currencyId: to.currency.id,
        amount: received.toFixed(),
        transferPeerId: outgoingId,
        ...(sameCurrency ? {} : { foreignAmount: sent.toFixed(), foreignCurrencyId: from.currency.id }),
      },
    });
    // The self-referencing key lets the first row point at the second only once that exists.
    await tx.prisma.transaction.update({ where: { id: outgoingId }, data: { transferPeerId: incomingId } });
  });
  return { outgoingId, incomingId };
}
