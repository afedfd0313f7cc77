import type { Db } from "../../db";
import type { Decimal } from "../money/money";

/** What an edit sets on a transaction; absent fields stay as they are. */
export interface TransactionChanges {
  date?: Date;
  /** Signed, as stored. */
  amount?: Decimal;
  type?: "expense" | "income";
  description?: string;
  counterparty?: string | null;
  notes?: string | null;
  categoryId?: string | null;
  /** Each side of a transfer keeps its own tags. */
  tags?: string[];
  /** Each side of a transfer is cleared on its own account's statement. */
  cleared?: boolean;
  /** Only ever false here: the unlock of a reconciled transaction (reconciliations.ts locks). */
  reconciled?: boolean;
}

/** The stored transaction an edit starts from. */
export interface EditedRow {
  id: string;
  currencyId: string;
  transferPeerId: string | null;
}

/**
 * Writes `changes` to a transaction; on a transfer the other side follows: the same date,
 * description and notes, and the matching amount (same currency) or foreign amount (the movement
 * seen from the other account: minus this amount). The caller runs it in a transaction.
 */
export async function applyTransactionChanges(db: Db, row: EditedRow, changes: TransactionChanges): Promise<void> {
  const { amount, ...rest } = changes;
  await db.prisma.transaction.update({
    where: { id: row.id },
    data: { ...rest, ...(amount ? { amount: amount.toFixed() } : {}) },
  });
  if (!row.transferPeerId) return;
  const peer = await db.prisma.transaction.findUniqueOrThrow({ where: { id: row.transferPeerId } });
  const sameCurrency = peer.currencyId === row.currencyId;
  const followed = {
    date: changes.date,
    description: changes.description,
    notes: changes.notes,
    ...(amount ? (sameCurrency ? { amount: amount.neg().toFixed() } : { foreignAmount: amount.neg().toFixed() }) : {}),
  };
  const data = Object.fromEntries(Object.entries(followed).filter(([, value]) => value !== undefined));
  if (Object.keys(data).length > 0) await db.prisma.transaction.update({ where: { id: peer.id }, data });
}
