import { AppError } from "../../errors";
import { activeAssetAccount } from "../accounts/list-accounts";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { importNotFound } from "./import-target";
import { dropImportFile } from "./import-file";
import { importJobAttributes, type ImportJobAttributes } from "./import-job-view";
import { FIRST_PREVIEW_PAGE, readPreviewPage, type PreviewQuery } from "./preview-page";

/**
 * Endpoint 4: `parsed` -> `queued` in one statement; the worker books the rows afterwards. The
 * preview's opening balance adjustment is a proposal: `adjustOpeningBalance` false declines it.
 */
export async function confirmImport(
  { db, workspace, sideEffects }: WorkspaceTransaction,
  id: string,
  { skipDuplicates, adjustOpeningBalance = true }: { skipDuplicates: boolean; adjustOpeningBalance?: boolean },
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  // The preview can be large: read it once, after the status change.
  const job = await db.prisma.importJob.findFirst({
    where: { id, workspaceId: workspace.id },
    select: { status: true, parseOptions: true, accountId: true },
  });
  if (!job) throw importNotFound();
  const conflict = () =>
    new AppError(
      "IMPORT_STATE_CONFLICT",
      job.status !== "needs_input"
        ? `This import is ${job.status}; only a parsed import can be confirmed.`
        : (job.parseOptions as { account_map_required?: boolean }).account_map_required === true
          ? "This import's file holds statements of several accounts and none could be matched to an account: read it " +
            "again (POST .../imports/{id}/reparse) with parse_options.account_map naming each statement's account (see statements)."
          : "This import needs amount_semantics before it can be confirmed: upload the file again with amount_semantics.",
    );
  if (job.status !== "parsed") throw conflict();
  await checkBookingAccounts({ db, workspace }, job);
  const queued = await db.prisma.importJob.updateMany({
    where: { id, status: "parsed" },
    data: { status: "queued", queuedAt: new Date(), skipDuplicates, adjustOpeningBalance },
  });
  if (queued.count !== 1) throw conflict();
  // Confirmed: the file will not be read again.
  await dropImportFile(db, id);
  const updated = await db.prisma.importJob.findUniqueOrThrow({ where: { id }, omit: { preview: true } });
  sideEffects.record({
    domain: "import_jobs",
    id,
    action: "upsert",
    data: { status: "queued", skip_duplicates: skipDuplicates, adjust_opening_balance: adjustOpeningBalance },
  });
  return { id, attributes: importJobAttributes(updated, await readPreviewPage(db, updated)) };
}

/** Endpoint 5: the job with one page of its preview (the first 1,000 rows unless `query` says otherwise). */
export async function getImport(
  { db, workspace }: WorkspaceContext,
  id: string,
  query: PreviewQuery = FIRST_PREVIEW_PAGE,
) {
  const job = await db.prisma.importJob.findFirst({
    where: { id, workspaceId: workspace.id },
    omit: { preview: true },
  });
  if (!job) throw importNotFound();
  return { id: job.id, attributes: importJobAttributes(job, await readPreviewPage(db, job, query)) };
}

/**
 * Every account the import books to is still an import target (an active account of an active
 * asset wallet): one archived since the preview is refused here, naming it, rather than failing the
 * booking afterwards.
 */
async function checkBookingAccounts(
  { db, workspace }: WorkspaceContext,
  job: { accountId: string; parseOptions: unknown },
): Promise<void> {
  const statements = (job.parseOptions as { statements?: Array<{ account_id?: string | null }> }).statements ?? [];
  const ids = [
    ...new Set([job.accountId, ...statements.flatMap((each) => (each.account_id ? [each.account_id] : []))]),
  ];
  const usable = await db.prisma.account.findMany({
    where: { id: { in: ids }, ...activeAssetAccount(workspace.id) },
    select: { id: true },
  });
  const gone = ids.filter((id) => !usable.some((account) => account.id === id));
  if (gone.length > 0)
    throw new AppError(
      "IMPORT_STATE_CONFLICT",
      `This import books to ${gone.length === 1 ? "an account" : "accounts"} no longer active (${gone.join(", ")}): ` +
        "restore its wallet, or read the file again with parse_options.account_map sending those statements elsewhere.",
    );
}
