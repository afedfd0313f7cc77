/**
 * A completed import undone: the transactions it booked go, the opening balance it moved comes
 * back, and the job becomes `reverted`, all in the caller's database transaction. Rows the person
 * worked on since (edited, categorised, or half of a transfer) are not thrown away silently: 409
 * naming them, unless `force`.
 */
import { AppError } from "../../errors";
import { emitWebhookEvent } from "../webhooks/events";
import { recordAccountBalances } from "../accounts/balance-effects";
import { Decimal } from "../money/money";
import { dateToDay, dayToDate } from "../time/calendar";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { importNotFound } from "./import-target";
import { importJobAttributes, type ImportJobAttributes } from "./import-job-view";
import type { OpeningAdjustment } from "./opening-balance";
import { readPreviewPage } from "./preview-page";

/** How many ids a conflict's message names before it says "and N more". */
const NAMED_IN_CONFLICT = 10;

/** A booked row of the import that the person changed since, or that belongs to a transfer. */
interface TouchedRow {
  id: string;
  edited: boolean;
  peer_id: string | null;
}

export async function revertImport(
  { db, workspace, sideEffects }: WorkspaceTransaction,
  id: string,
  { force }: { force: boolean },
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  const job = await db.prisma.importJob.findFirst({
    where: { id, workspaceId: workspace.id },
    select: { status: true },
  });
  if (!job) throw importNotFound();
  const notCompleted = (status: string) =>
    new AppError("IMPORT_STATE_CONFLICT", `This import is ${status}; only a completed import can be reverted.`);
  if (job.status !== "completed") throw notCompleted(job.status);
  // Claimed first: a concurrent revert waits on this row, then finds it reverted and conflicts.
  const revertedAt = new Date();
  const claimed = await db.prisma.importJob.updateMany({
    where: { id, status: "completed" },
    data: { status: "reverted", revertedAt },
  });
  if (claimed.count !== 1) throw notCompleted("reverted");

  // Locked before they are looked at, so an edit racing the revert is either seen or waits for it.
  await db.prisma.$queryRaw`
    WITH locked AS (SELECT id FROM transactions WHERE import_job_id = ${id}::uuid FOR UPDATE) SELECT count(*)::int AS n FROM locked`;
  const touched = await db.prisma.$queryRaw<TouchedRow[]>`
    SELECT t.id::text AS id, t.updated_at > t.created_at AS edited, COALESCE(t.transfer_peer_id, back.id)::text AS peer_id
      FROM transactions t
      LEFT JOIN transactions back ON back.transfer_peer_id = t.id
     WHERE t.import_job_id = ${id}::uuid AND t.workspace_id = ${workspace.id}::uuid
       AND (t.updated_at > t.created_at OR t.transfer_peer_id IS NOT NULL OR back.id IS NOT NULL)
     ORDER BY t.date, t.id`;
  // A reconciled row stays whatever is asked (force included), the import's own or a transfer's other
  // side that goes with it (below): said first, not as an edit to force.
  const otherSides = [...new Set(touched.map((row) => row.peer_id).filter((peer): peer is string => peer !== null))];
  const reconciled = await db.prisma.$queryRaw<Array<{ id: string }>>`
    SELECT id::text AS id FROM transactions
     WHERE workspace_id = ${workspace.id}::uuid AND reconciled
       AND (import_job_id = ${id}::uuid OR id = ANY(${otherSides}::uuid[]))
     ORDER BY date, id`;
  if (reconciled.length > 0) throw reconciledConflict(reconciled.map((row) => row.id));
  if (touched.length > 0 && !force) throw touchedConflict(touched);

  const deleted = await db.prisma.$queryRaw<Array<{ id: string; account_id: string }>>`
    DELETE FROM transactions WHERE import_job_id = ${id}::uuid AND workspace_id = ${workspace.id}::uuid
    RETURNING id::text AS id, account_id::text AS account_id`;
  // A transfer goes with its other side (as deleting one does), so no half-transfer is left.
  const importedIds = new Set(deleted.map((row) => row.id));
  const peerIds = [
    ...new Set(
      touched.map((row) => row.peer_id).filter((peer): peer is string => peer !== null && !importedIds.has(peer)),
    ),
  ];
  const peers = peerIds.length
    ? await db.prisma.$queryRaw<Array<{ id: string; account_id: string }>>`
        DELETE FROM transactions WHERE id = ANY(${peerIds}::uuid[]) AND workspace_id = ${workspace.id}::uuid
        RETURNING id::text AS id, account_id::text AS account_id`
    : [];

  const edited = new Set(touched.filter((row) => row.edited).map((row) => row.id));
  for (const row of deleted) {
    sideEffects.record({
      domain: "transactions",
      id: row.id,
      action: "delete",
      data: {
        account_id: row.account_id,
        import_job_id: id,
        ...(edited.has(row.id) ? { edited_since_import: true } : {}),
      },
    });
  }
  for (const row of peers) {
    sideEffects.record({
      domain: "transactions",
      id: row.id,
      action: "delete",
      data: { account_id: row.account_id, transfer_peer_of_import: id },
    });
  }

  const stored = await db.prisma.importJob.findUniqueOrThrow({
    where: { id },
    select: { openingBalanceAdjusted: true },
  });
  const adjustments = (stored.openingBalanceAdjusted ?? []) as unknown as OpeningAdjustment[];
  const restored = new Map<string, boolean>();
  for (const adjustment of adjustments)
    restored.set(adjustment.account_id, await restoreOpeningBalance({ db, workspace }, adjustment));

  const accountIds = new Set([...deleted, ...peers].map((row) => row.account_id).concat([...restored.keys()]));
  await recordAccounts({ db, workspace, sideEffects }, [...accountIds], restored);

  const updated = await db.prisma.importJob.findUniqueOrThrow({ where: { id }, omit: { preview: true } });
  await emitWebhookEvent(db, workspace.id, "import.reverted", {
    import_id: id,
    account_id: updated.accountId,
    deleted_count: deleted.length + peers.length,
  });
  sideEffects.record({
    domain: "import_jobs",
    id,
    action: "upsert",
    data: {
      status: "reverted",
      reverted_at: revertedAt.toISOString(),
      transactions_deleted: deleted.length + peers.length,
    },
  });
  return { id, attributes: importJobAttributes(updated, await readPreviewPage(db, updated)) };
}

const named = (ids: string[]) =>
  ids.slice(0, NAMED_IN_CONFLICT).join(", ") +
  (ids.length > NAMED_IN_CONFLICT ? ` and ${ids.length - NAMED_IN_CONFLICT} more` : "");

function reconciledConflict(ids: string[]): AppError {
  return new AppError(
    "TRANSACTION_RECONCILED",
    `${ids.length} transaction(s) this revert would remove are reconciled (${named(ids)}; the import's own, or ` +
      "the other side of a transfer with one of them): unlock them (reconciled: false) before reverting the " +
      "import; force does not remove reconciled transactions.",
  );
}

function touchedConflict(touched: TouchedRow[]): AppError {
  const edited = touched.filter((row) => row.edited).map((row) => row.id);
  const inTransfers = touched.filter((row) => row.peer_id !== null).map((row) => row.id);
  const parts = [
    edited.length ? `edited or categorised since the import: ${named(edited)}` : null,
    inTransfers.length ? `half of a transfer: ${named(inTransfers)}` : null,
  ].filter((part) => part !== null);
  return new AppError(
    "IMPORT_STATE_CONFLICT",
    `${touched.length} transaction(s) of this import were changed since it was booked (${parts.join("; ")}). ` +
      `Send {"force": true} to remove them too (a transfer with its other side).`,
  );
}

/**
 * Puts back the opening balance and date the import set, when they are still what it set: a
 * later change (by hand, or by another import) is the person's newer word and stays.
 */
async function restoreOpeningBalance(
  { db, workspace }: WorkspaceContext,
  adjustment: OpeningAdjustment,
): Promise<boolean> {
  const account = await db.prisma.account.findFirst({
    where: { id: adjustment.account_id, workspaceId: workspace.id },
    select: { id: true, walletId: true, openingBalance: true, openingBalanceDate: true },
  });
  if (!account || !account.openingBalanceDate) return false;
  const unchanged =
    new Decimal(account.openingBalance.toString()).equals(adjustment.new_opening_balance) &&
    dateToDay(account.openingBalanceDate) === adjustment.new_opening_balance_date;
  if (!unchanged) return false;
  await db.prisma.account.update({
    where: { id: account.id },
    data: {
      openingBalance: adjustment.old_opening_balance,
      openingBalanceDate: dayToDate(adjustment.old_opening_balance_date),
    },
  });
  // As a hand-set opening balance does: the wallet's version moves on.
  await db.prisma.wallet.update({ where: { id: account.walletId }, data: { version: { increment: 1 } } });
  return true;
}

/** An upsert for each account whose balance changed (and its wallet's, when its opening balance came back). */
async function recordAccounts(
  context: WorkspaceTransaction,
  accountIds: string[],
  restored: Map<string, boolean>,
): Promise<void> {
  for (const account of await recordAccountBalances(context, accountIds)) {
    const wasRestored = restored.get(account.id);
    if (wasRestored === undefined) continue;
    context.sideEffects.record({
      domain: "accounts",
      id: account.id,
      action: "upsert",
      data: { opening_balance_restored: wasRestored },
    });
    if (wasRestored)
      context.sideEffects.record({
        domain: "wallets",
        id: account.wallet_id,
        action: "upsert",
        data: { version: account.version },
      });
  }
}
