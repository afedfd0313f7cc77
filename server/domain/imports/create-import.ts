import type { Db } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import { logger } from "../../logger";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { emitWebhookEvent } from "../webhooks/events";
import { parsedEventData } from "./import-events";
import { importJobAttributes, type ImportJobAttributes } from "./import-job-view";
import { dropStagedValues, stageImportValues, takeStagedValues } from "./import-staging";
import { importAccount, inTransaction } from "./import-target";
import type { AmountSemantics, ParsedFile } from "./parsers/types";
import { readIntoJob, type JobReading } from "./read-into-job";
import type { StatementChoice } from "./select-statement";

export interface UploadedStatement {
  name: string;
  size: number;
  sha256: string;
  /** The file itself, kept with the import until it is confirmed or discarded (see import-file.ts). */
  bytes: Buffer;
}

/** An upload to import: the statement file, read, for an account. */
export interface ImportUpload {
  accountId: string;
  file: UploadedStatement;
  parsed: ParsedFile;
  amountSemantics?: AmountSemantics;
  /** parse_options.accept_other_account and account_map: where the file's statements go. */
  statementChoice?: StatementChoice;
}

/**
 * An upload read against its account, its preview and file staged (import-staging.ts), before the
 * write's transaction. What went wrong meanwhile (an unknown account: 404; a statement of another
 * account) is kept as the outcome's `failure` and thrown by the write, inside the idempotent write,
 * which answers it as it answers any refusal of the operation.
 */
export interface PreparedImport {
  accountId: string;
  file: Omit<UploadedStatement, "bytes">;
  outcome: { reading: JobReading; stagedId: string } | { failure: unknown };
}

/** Reads the upload against its account and stages its preview and file through the driver (see import-staging.ts). */
export async function prepareImport(
  { db, workspace }: WorkspaceContext,
  upload: ImportUpload,
): Promise<PreparedImport> {
  const { name, size, sha256 } = upload.file;
  const base = { accountId: upload.accountId, file: { name, size, sha256 } };
  try {
    const account = await importAccount(db, workspace.id, upload.accountId);
    const reading = await readIntoJob(
      { db, workspace },
      account,
      upload.parsed,
      upload.amountSemantics,
      upload.statementChoice,
    );
    const stagedId = await stageImportValues(db, {
      accountId: account.id,
      preview: reading.preview,
      bytes: upload.file.bytes,
    });
    return { ...base, outcome: { reading, stagedId } };
  } catch (failure) {
    return { ...base, outcome: { failure } };
  }
}

/**
 * `write` with the upload prepared (prepareImport), and, however it ended, the staged values its
 * transaction did not take (a replay, a refusal, a failure) dropped.
 */
export async function withPreparedImport<T>(
  context: WorkspaceContext,
  upload: ImportUpload,
  write: (prepared: PreparedImport) => Promise<T>,
): Promise<T> {
  const prepared = await prepareImport(context, upload);
  try {
    return await write(prepared);
  } finally {
    await releasePreparedImport(context.db, prepared);
  }
}

/** Drops the staged values of a prepared upload its transaction did not take (a replay, a refusal, a failure). */
export async function releasePreparedImport(db: Db, upload: PreparedImport): Promise<void> {
  if (!("stagedId" in upload.outcome)) return;
  await dropStagedValues(db, upload.outcome.stagedId).catch((error: unknown) => {
    logger.warn({ err: error }, "staged import values not dropped; the hourly maintenance drops them");
  });
}

/**
 * Endpoint 3: the parsed file becomes a preview for the account; nothing is booked yet. The file is
 * kept for a re-read. The upload's idempotent write passes an import prepared beforehand
 * (prepareImport reads the file against the account and stages its large values), so its
 * transaction stays short; given an upload, createImport prepares it, writes in a transaction of
 * its own and releases it.
 */
export async function createImport(
  context: WorkspaceTransaction & { userId: string },
  input: PreparedImport | ImportUpload,
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  if ("outcome" in input) return inTransaction(context.db, (tx) => writeImport({ ...context, db: tx }, input));
  return withPreparedImport(context, input, (prepared) =>
    inTransaction(context.db, (tx) => writeImport({ ...context, db: tx }, prepared)),
  );
}

async function writeImport(
  { db, workspace, userId, sideEffects }: WorkspaceTransaction & { userId: string },
  input: PreparedImport,
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  if ("failure" in input.outcome) throw input.outcome.failure;
  const { reading, stagedId } = input.outcome;
  // Checked again in the transaction: the account may have been archived since it was read.
  const account = await importAccount(db, workspace.id, input.accountId);
  const created = await db.prisma.importJob.create({
    data: {
      ...reading.fields,
      workspaceId: workspace.id,
      createdByUserId: userId,
      accountId: account.id,
      fileName: input.file.name,
      fileSha256: input.file.sha256,
      fileSize: input.file.size,
    },
    omit: { preview: true },
  });
  await takeStagedValues({ db, workspace }, stagedId, created.id);
  await emitWebhookEvent(db, workspace.id, "import.parsed", parsedEventData(created));
  sideEffects.record({
    domain: "import_jobs",
    id: created.id,
    action: "create",
    data: { status: created.status, total_rows: created.totalRows, account_id: created.accountId },
  });
  return {
    id: created.id,
    attributes: importJobAttributes({ ...created, preview: reading.preview as unknown as Prisma.JsonValue }),
  };
}
