/**
 * An import not confirmed yet, read again or thrown away: reparse reads the kept file with other
 * options into the same job (preview_version + 1); discard deletes the job and its file.
 */
import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { importAccount, importNotFound, inTransaction } from "./import-target";
import { readIntoJob } from "./read-into-job";
import { currencyById } from "../money/currencies";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { emitWebhookEvent } from "../webhooks/events";
import { parsedEventData } from "./import-events";
import { readImportFile } from "./import-file";
import { importJobAttributes, type ImportJobAttributes } from "./import-job-view";
import { inspectStatementFile, type FileInspection } from "./inspect-file";
import { parseStatementFile } from "./parse-file";
import { storePreview } from "./stored-preview";
import type { ParsedFile, ParseOptions } from "./parsers/types";
import type { StatementChoice } from "./select-statement";

/** Statuses of an import whose rows are not booked and not on their way to be. */
const PENDING = ["parsed", "needs_input"] as const;

export async function pendingJob({ db, workspace }: WorkspaceContext, id: string, doing: string) {
  const job = await db.prisma.importJob.findFirst({
    where: { id, workspaceId: workspace.id },
    select: { id: true, status: true, accountId: true, fileName: true, previewVersion: true },
  });
  if (!job) throw importNotFound();
  if (!(PENDING as readonly string[]).includes(job.status)) {
    throw new AppError(
      "IMPORT_STATE_CONFLICT",
      `This import is ${job.status}; only an import not yet confirmed can be ${doing}.`,
    );
  }
  return job;
}

/** A kept file read again, before anything is written: parsing happens outside the write's transaction. */
export interface ImportReadAgain {
  id: string;
  previewVersion: number;
  account: Awaited<ReturnType<typeof importAccount>>;
  parsed: ParsedFile;
  amountSemantics: ParseOptions["amountSemantics"];
  statementChoice: StatementChoice;
}

/** A pending import's kept file, with the account it goes into and that account's currency code. */
async function keptFile({ db, workspace }: WorkspaceContext, id: string, doing: string) {
  const job = await pendingJob({ db, workspace }, id, doing);
  const bytes = await readImportFile(db, id);
  if (!bytes) {
    throw new AppError(
      "IMPORT_STATE_CONFLICT",
      "The uploaded file of this import is no longer kept (files are kept 24 hours, and 50 MiB per workspace): upload it again with these parse_options.",
    );
  }
  const account = await importAccount(db, workspace.id, job.accountId);
  const currency = await currencyById(db, account.currencyId);
  return { job, bytes, account, currencyCode: currency.code.trim() };
}

/** Reads the kept file of a pending import with `options` (they replace the ones it was read with). */
export async function readImportAgain(
  context: WorkspaceContext,
  id: string,
  options: ParseOptions,
  statementChoice: StatementChoice = {},
): Promise<ImportReadAgain> {
  const { job, bytes, account, currencyCode } = await keptFile(context, id, "read again");
  const parsed = await parseStatementFile(bytes, job.fileName, { ...options, defaultCurrencyCode: currencyCode });
  const { amountSemantics } = options;
  return { id, previewVersion: job.previewVersion, account, parsed, amountSemantics, statementChoice };
}

/** The kept file of a pending import looked at with `options`; the job does not change (see inspect-file.ts). */
export async function inspectImport(
  context: WorkspaceContext,
  id: string,
  options: ParseOptions,
): Promise<FileInspection> {
  const { job, bytes, currencyCode } = await keptFile(context, id, "looked at again");
  return inspectStatementFile(bytes, job.fileName, { ...options, defaultCurrencyCode: currencyCode });
}

/** The file read again becomes the job's new preview: same job, preview_version + 1, status parsed or needs_input. */
export async function reparseImport(
  { db, workspace, sideEffects }: WorkspaceTransaction,
  reading: ImportReadAgain,
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  const { id, account, parsed, amountSemantics, statementChoice } = reading;
  const { fields, preview } = await readIntoJob({ db, workspace }, account, parsed, amountSemantics, statementChoice);
  const updated = await inTransaction(db, async (tx) => {
    // Only while still pending and not read again meanwhile: a concurrent confirm or reparse wins, this one conflicts.
    const claimed = await tx.prisma.importJob.updateMany({
      where: { id, status: { in: [...PENDING] }, previewVersion: reading.previewVersion },
      data: { ...fields, previewVersion: { increment: 1 } },
    });
    if (claimed.count !== 1)
      throw new AppError(
        "IMPORT_STATE_CONFLICT",
        "This import was confirmed or read again meanwhile; read it and try again.",
      );
    await storePreview(tx, { id, accountId: account.id }, preview);
    const row = await tx.prisma.importJob.findUniqueOrThrow({ where: { id }, omit: { preview: true } });
    await emitWebhookEvent(tx, workspace.id, "import.parsed", parsedEventData(row));
    return { ...row, preview: preview as unknown as Prisma.JsonValue };
  });
  sideEffects.record({
    domain: "import_jobs",
    id,
    action: "upsert",
    data: { status: updated.status, total_rows: updated.totalRows, preview_version: updated.previewVersion },
  });
  return { id, attributes: importJobAttributes(updated) };
}

/** Deletes an import not yet confirmed with its preview; its kept file goes with it (ON DELETE CASCADE). */
export async function discardImport({ db, workspace, sideEffects }: WorkspaceTransaction, id: string): Promise<void> {
  await pendingJob({ db, workspace }, id, "discarded");
  const deleted = await db.prisma.importJob.deleteMany({
    where: { id, workspaceId: workspace.id, status: { in: [...PENDING] } },
  });
  if (deleted.count !== 1)
    throw new AppError("IMPORT_STATE_CONFLICT", "This import was confirmed meanwhile; it can no longer be discarded.");
  sideEffects.record({ domain: "import_jobs", id, action: "delete", data: {} });
}
