import type { PrismaOrTransaction } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { currencyById } from "../money/currencies";
import type { WorkspaceTransaction } from "../workspace-context";
import { importJobAttributes, readingAttributes, type ImportJobAttributes } from "./import-job-view";
import { keepImportFile } from "./import-file";
import { openingAccountOf, planOpeningAdjustment } from "./opening-balance";
import type { AmountSemantics, ParsedFile } from "./parsers/types";
import { buildPreview, type PreviewRow } from "./preview";
import { selectStatement } from "./select-statement";

export interface UploadedStatement {
  name: string;
  size: number;
  sha256: string;
  /** The file itself, kept with the import until it is confirmed or discarded (see import-file.ts). */
  bytes: Buffer;
}

/** The job and its preview are written in one transaction; 100k preview rows take about 0.7 s. */
const PREVIEW_STORE_TIMEOUT_MS = 60_000;

/** The target of an import: an active account of an active asset wallet of the workspace. */
export async function importAccount(db: PrismaOrTransaction, workspaceId: string, accountId: string) {
  const account = await db.account.findFirst({
    where: { id: accountId, workspaceId, active: true, wallet: { accountType: "asset", archivedAt: null } },
    include: { wallet: { select: { name: true, _count: { select: { accounts: true } } } } },
  });
  // Another workspace's account is answered as if it did not exist (spec convention 6).
  if (!account) throw new AppError("RESOURCE_NOT_FOUND", "No active asset account with this account_id exists in the token's workspace.");
  return account;
}

/** An import id the workspace does not have: another workspace's is answered the same (spec convention 6). */
export function importNotFound(): AppError {
  return new AppError("RESOURCE_NOT_FOUND", "No import with this id exists in the token's workspace.");
}

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own (a
 * transaction client is the one without `$connect`; it may not nest transactions on PGlite).
 */
export function inTransaction<T>(db: PrismaOrTransaction, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return "$connect" in db ? db.$transaction(work, { timeout: PREVIEW_STORE_TIMEOUT_MS }) : work(db);
}

/**
 * Stores the preview as the job's one jsonb value, sent as one JSON text. Given the rows as objects,
 * Prisma walks and re-encodes every value, and `create` reads the stored value back: for 100k rows
 * that took 2.5 s, against 0.7 s this way.
 */
export async function storePreview(db: Prisma.TransactionClient, jobId: string, preview: PreviewRow[]): Promise<void> {
  await db.$executeRaw`UPDATE import_jobs SET preview = ${JSON.stringify(preview)}::jsonb WHERE id = ${jobId}::uuid`;
}

/** What reading a file sets on its job: the columns of the job row, and the preview stored beside them. */
export interface JobReading {
  fields: {
    bankKey: string | null;
    bankName: string | null;
    fileType: string;
    totalRows: number;
    errorCount: number;
    status: "parsed" | "needs_input";
    parseOptions: Prisma.InputJsonValue;
    openingBalanceAdjusted: Prisma.InputJsonValue;
  };
  preview: PreviewRow[];
}

/** The parsed file read against the account: its preview (duplicates, categories) and the opening balance proposal. */
export async function readIntoJob(
  db: PrismaOrTransaction,
  account: Awaited<ReturnType<typeof importAccount>>,
  parsed: ParsedFile,
  amountSemantics: AmountSemantics | undefined,
): Promise<JobReading> {
  const currency = await currencyById(db, account.currencyId);
  const statement = selectStatement(parsed, account);
  const preview = await buildPreview(db, { ...account, currency }, statement);
  const bookable = preview.filter((row) => row.state === "new" || row.state === "pre_opening");
  const adjustment = await planOpeningAdjustment(db, openingAccountOf(account, currency), bookable, statement.closingBalance);
  const needsInput = parsed.amountSemanticsRequired && !amountSemantics;
  return {
    fields: {
      bankKey: parsed.bankKey,
      bankName: parsed.bankName,
      fileType: parsed.fileType,
      totalRows: preview.length,
      errorCount: preview.filter((row) => row.state === "invalid").length,
      status: needsInput ? "needs_input" : "parsed",
      parseOptions: {
        amount_semantics: amountSemantics ?? parsed.amountSemantics,
        amount_semantics_required: parsed.amountSemanticsRequired,
        // How the file was read (given or detected), echoed so a client can correct one option.
        ...readingAttributes(parsed.optionsUsed),
        warnings: parsed.warnings,
        // Kept for the worker, which recomputes the opening balance adjustment when it books.
        closing_balance: statement.closingBalance ? { ...statement.closingBalance } : null,
      },
      openingBalanceAdjusted: (adjustment ? [adjustment] : []) as unknown as Prisma.InputJsonValue,
    },
    preview,
  };
}

/** Endpoint 3: the parsed file becomes a preview for the account; nothing is booked yet. The file is kept for a re-read. */
export async function createImport(
  { db, workspace, userId, sideEffects }: WorkspaceTransaction & { userId: string },
  input: { accountId: string; file: UploadedStatement; parsed: ParsedFile; amountSemantics?: AmountSemantics },
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  const account = await importAccount(db, workspace.id, input.accountId);
  const { fields, preview } = await readIntoJob(db, account, input.parsed, input.amountSemantics);
  const job = await inTransaction(db, async (tx) => {
    const created = await tx.importJob.create({
      data: {
        ...fields,
        workspaceId: workspace.id,
        createdByUserId: userId,
        accountId: account.id,
        fileName: input.file.name,
        fileSha256: input.file.sha256,
        fileSize: input.file.size,
      },
      omit: { preview: true },
    });
    await storePreview(tx, created.id, preview);
    await keepImportFile(tx, { importJobId: created.id, workspaceId: workspace.id, bytes: input.file.bytes });
    return { ...created, preview: preview as unknown as Prisma.JsonValue };
  });
  sideEffects.record({
    domain: "import_jobs",
    id: job.id,
    action: "create",
    data: { status: job.status, total_rows: job.totalRows, account_id: job.accountId },
  });
  return { id: job.id, attributes: importJobAttributes(job) };
}
