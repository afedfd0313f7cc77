import { AppError } from "../../errors";
import { categoryOf } from "../categories/manage-categories";
import type { WorkspaceContext } from "../workspace-context";
import { deleteWithUndo } from "./deleted-transactions";
import { noCategoryOnTransfers, usableCategoryId } from "./references";

/** The chosen transactions of the workspace (each once), or 404 naming how many are not there. */
async function chosenRows({ db, workspace }: WorkspaceContext, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db.prisma.transaction.findMany({
    where: { workspaceId: workspace.id, id: { in: unique } },
    select: { id: true, type: true, categoryId: true, transferPeerId: true, split: true },
  });
  if (rows.length !== unique.length) {
    const missing = unique.length - rows.length;
    throw new AppError(
      "RESOURCE_NOT_FOUND",
      `${missing} of the ${unique.length} chosen transactions ${missing === 1 ? "does" : "do"} not exist in your workspace (deleted meanwhile?); nothing was changed.`,
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => byId.get(id)!);
}

/** Transfers take no category, and a split transaction's categories are its parts': 422 for either. */
function refuseTransfers(rows: { type: string; split: boolean }[], categoryIds: (string | null)[]) {
  if (rows.some((row, index) => row.type === "transfer" && categoryIds[index] !== null)) throw noCategoryOnTransfers();
  const split = rows.filter((row, index) => row.split && categoryIds[index] !== null).length;
  if (split > 0)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${split} of the chosen transactions ${split === 1 ? "is" : "are"} split: their parts carry the categories (change them with Split); nothing was changed.`,
    );
}

/**
 * Files the chosen transactions under one category (or none), all or nothing. Answers each one's
 * previous category, which is what an undo (restoreCategories) puts back.
 */
export async function bulkSetCategory(
  { db, workspace }: WorkspaceContext,
  input: { ids: string[]; category_id: string | null },
): Promise<{ changed: { id: string; previous_category_id: string | null }[] }> {
  return db.transaction(async (tx) => {
    const rows = await chosenRows({ db: tx, workspace }, input.ids);
    refuseTransfers(
      rows,
      rows.map(() => input.category_id),
    );
    // An archived category is refused, unless every chosen transaction has it already.
    const everyHas = rows.every((row) => row.categoryId === input.category_id) ? input.category_id : null;
    const categoryId = await usableCategoryId({ db: tx, workspace }, input.category_id, everyHas);
    await tx.prisma.transaction.updateMany({
      where: { workspaceId: workspace.id, id: { in: rows.map((row) => row.id) } },
      data: { categoryId },
    });
    return { changed: rows.map((row) => ({ id: row.id, previous_category_id: row.categoryId })) };
  });
}

/**
 * Undo of a categorisation: each transaction back to the category it had, all or nothing. A
 * category archived meanwhile is put back too (it is what the row had); a deleted one is 404.
 */
export async function restoreCategories(
  { db, workspace }: WorkspaceContext,
  input: { items: { id: string; category_id: string | null }[] },
): Promise<{ restored: number }> {
  const wanted = new Map(input.items.map((item) => [item.id, item.category_id]));
  return db.transaction(async (tx) => {
    const rows = await chosenRows({ db: tx, workspace }, [...wanted.keys()]);
    refuseTransfers(
      rows,
      rows.map((row) => wanted.get(row.id)!),
    );
    const byCategory = new Map<string | null, string[]>();
    for (const row of rows) {
      const categoryId = wanted.get(row.id)!;
      byCategory.set(categoryId, [...(byCategory.get(categoryId) ?? []), row.id]);
    }
    for (const [categoryId, ids] of byCategory) {
      if (categoryId !== null) await categoryOf({ db: tx, workspace }, categoryId);
      await tx.prisma.transaction.updateMany({
        where: { workspaceId: workspace.id, id: { in: ids } },
        data: { categoryId },
      });
    }
    return { restored: rows.length };
  });
}

/**
 * Deletes the chosen transactions, all or nothing; a transfer goes with its other side. Answers
 * every id that went; restoreDeletedTransactions puts them back within 15 minutes.
 */
export async function bulkDeleteTransactions(
  { db, workspace, userId }: WorkspaceContext & { userId: string },
  input: { ids: string[] },
): Promise<{ deleted: string[] }> {
  return db.transaction(async (tx) => {
    const rows = await chosenRows({ db: tx, workspace }, input.ids);
    const chosen = rows.map((row) => row.id);
    const peers = await tx.prisma.transaction.findMany({
      where: {
        workspaceId: workspace.id,
        OR: [
          { transferPeerId: { in: chosen } },
          { id: { in: rows.flatMap((row) => (row.transferPeerId ? [row.transferPeerId] : [])) } },
        ],
      },
      select: { id: true },
    });
    const deleted = [...new Set([...chosen, ...peers.map((peer) => peer.id)])];
    await deleteWithUndo({ db: tx, workspace, userId }, deleted);
    return { deleted };
  });
}
