import type { Db } from "../../db";
import type { Prisma } from "../../db/generated/prisma/client";
import { AppError } from "../../errors";
import { logger } from "../../logger";
import { activeAssetAccount } from "../accounts/list-accounts";
import { currencyById } from "../money/currencies";
import type { WorkspaceContext, WorkspaceTransaction } from "../workspace-context";
import { importJobAttributes, readingAttributes, type ImportJobAttributes } from "./import-job-view";
import { dropStagedValues, stageImportValues, takeStagedValues } from "./import-staging";
import { openingAccountOf, planOpeningAdjustment, type OpeningAdjustment } from "./opening-balance";
import type { AmountSemantics, ParsedFile, ParsedStatement, StatementBalance } from "./parsers/types";
import { buildPreview, type PreviewRow } from "./preview";
import {
  routeStatements,
  type RoutableAccount,
  type StatementChoice,
  type StatementMatch,
  type StatementRoute,
} from "./select-statement";

export interface UploadedStatement {
  name: string;
  size: number;
  sha256: string;
  /** The file itself, kept with the import until it is confirmed or discarded (see import-file.ts). */
  bytes: Buffer;
}

/** A job's write (its preview and file staged or not) stays well within this; PGlite, slower, shares the limit. */
const PREVIEW_STORE_TIMEOUT_MS = 60_000;

/** The target of an import: an active account of an active asset wallet of the workspace. */
export async function importAccount(db: Db, workspaceId: string, accountId: string) {
  const account = await db.prisma.account.findFirst({
    where: { id: accountId, ...activeAssetAccount(workspaceId) },
    include: { wallet: { select: { name: true, _count: { select: { accounts: true } } } } },
  });
  // Another workspace's account is answered as if it did not exist (spec convention 6).
  if (!account)
    throw new AppError(
      "RESOURCE_NOT_FOUND",
      "No active asset account with this account_id exists in the token's workspace.",
    );
  return account;
}

export type ImportTarget = Awaited<ReturnType<typeof importAccount>>;

/** An import id the workspace does not have: another workspace's is answered the same (spec convention 6). */
export function importNotFound(): AppError {
  return new AppError("RESOURCE_NOT_FOUND", "No import with this id exists in the token's workspace.");
}

/** Runs `work` in the caller's transaction, or in one of its own long enough to store a large preview. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(work, { timeout: PREVIEW_STORE_TIMEOUT_MS });
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

/** An account a statement may go to besides the import's: an active account of an asset wallet with an IBAN or number. */
async function otherImportTargets(db: Db, workspaceId: string): Promise<RoutableAccount[]> {
  const accounts = await db.prisma.account.findMany({
    where: { ...activeAssetAccount(workspaceId), OR: [{ iban: { not: null } }, { accountNumber: { not: null } }] },
    select: { id: true, iban: true, accountNumber: true, currency: { select: { code: true } } },
  });
  return accounts.map(({ currency, ...account }) => ({ ...account, currencyCode: currency.code.trim() }));
}

/** An account `parse_options.account_map` names: an import target of the workspace, else 404 naming the option. */
async function mappedAccount(db: Db, workspaceId: string, accountId: string): Promise<ImportTarget> {
  try {
    return await importAccount(db, workspaceId, accountId);
  } catch (error) {
    if (error instanceof AppError && error.code === "RESOURCE_NOT_FOUND")
      throw new AppError(
        "RESOURCE_NOT_FOUND",
        `parse_options.account_map: no active asset account with id ${accountId} exists in the token's workspace.`,
      );
    throw error;
  }
}

/** What the job says of each statement of its file (`statements`), stored in its parse_options. */
export interface StatementSummary {
  account: string;
  account_name: string | null;
  currency_code: string | null;
  transaction_count: number;
  account_id: string | null;
  matched_by: StatementMatch | null;
}

function statementSummary(route: StatementRoute): StatementSummary {
  const { statement } = route;
  return {
    account: route.account,
    account_name: statement.accountName ?? null,
    currency_code: statement.currencyAssumed ? null : statement.currencyCode,
    transaction_count: statement.transactions.length,
    account_id: route.accountId,
    matched_by: route.matchedBy,
  };
}

/**
 * An account's statements read as one, so that a row two of them repeat is a duplicate like any
 * other; a currency the file does not say (`currencyAssumed`: the import account's, written in by
 * the reader) is left to the account the rows go to.
 */
function asOneStatement(statements: ParsedStatement[], accountCurrency: string): ParsedStatement {
  const [only] = statements;
  if (only && statements.length === 1 && (!only.currencyAssumed || only.currencyCode === accountCurrency)) return only;
  const transactions = statements
    .flatMap((statement) =>
      statement.transactions.map((row) => ({
        ...row,
        currencyCode:
          statement.currencyAssumed && row.currencyCode === statement.currencyCode
            ? null
            : (row.currencyCode ?? statement.currencyCode),
      })),
    )
    .sort((a, b) => a.row - b.row);
  return {
    accountIdentifier: only?.accountIdentifier ?? null,
    currencyCode: null,
    openingBalance: null,
    closingBalance: latestClosing(statements),
    transactions,
  };
}

/** The statement balance an account's adjustment aims at: the latest closing balance of its statements. */
function latestClosing(statements: ParsedStatement[]): StatementBalance | null {
  let latest: StatementBalance | null = null;
  for (const { closingBalance } of statements)
    if (closingBalance && (!latest || closingBalance.date >= latest.date)) latest = closingBalance;
  return latest;
}

/**
 * The parsed file read against the accounts its statements go to (select-statement.ts): its
 * preview (duplicates, categories, each row's account) and the opening balance proposals. A file of
 * several statements none of which could be routed is `needs_input` until account_map names them.
 */
export async function readIntoJob(
  { db, workspace }: WorkspaceContext,
  account: ImportTarget,
  parsed: ParsedFile,
  amountSemantics: AmountSemantics | undefined,
  choice: StatementChoice = {},
): Promise<JobReading> {
  const others = parsed.statements.length > 1 ? await otherImportTargets(db, workspace.id) : [];
  const homeCurrency = parsed.statements.length > 1 ? (await currencyById(db, account.currencyId)).code.trim() : null;
  const routes = routeStatements(parsed.statements, { ...account, currencyCode: homeCurrency }, others, choice);
  const targets = new Map<string, ImportTarget>([[account.id, account]]);
  const statementsOf = new Map<string, ParsedStatement[]>();
  for (const route of routes) {
    if (route.accountId === null) continue;
    if (!targets.has(route.accountId))
      targets.set(route.accountId, await mappedAccount(db, workspace.id, route.accountId));
    statementsOf.set(route.accountId, [...(statementsOf.get(route.accountId) ?? []), route.statement]);
  }
  const preview: PreviewRow[] = [];
  const adjustments: OpeningAdjustment[] = [];
  const closingBalances: Record<string, Prisma.InputJsonObject | null> = {};
  for (const [accountId, statements] of statementsOf) {
    const target = targets.get(accountId)!;
    const currency = await currencyById(db, target.currencyId);
    const rows = await buildPreview(
      { db, workspace },
      { ...target, currency },
      asOneStatement(statements, currency.code),
    );
    const closing = latestClosing(statements);
    closingBalances[accountId] = closing ? { amount: closing.amount, date: closing.date } : null;
    const bookable = rows.filter((row) => row.state === "new" || row.state === "pre_opening");
    const adjustment = await planOpeningAdjustment(db, openingAccountOf(target, currency), bookable, closing);
    if (adjustment) adjustments.push(adjustment);
    preview.push(...rows);
  }
  // In the file's order, whichever account each row goes to.
  if (statementsOf.size > 1) preview.sort((a, b) => a.row - b.row);
  const leftOut = routes.filter((route) => route.accountId === null);
  const accountMapRequired = statementsOf.size === 0;
  const otherAccount = routes.find((route) => route.matchedBy === "other_account");
  const needsInput = (parsed.amountSemanticsRequired && !amountSemantics) || accountMapRequired;
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
        ...(choice.accountMap && Object.keys(choice.accountMap).length > 0 ? { account_map: choice.accountMap } : {}),
        account_map_required: accountMapRequired,
        statements: routes.map(statementSummary) as unknown as Prisma.InputJsonArray,
        warnings: [...parsed.warnings, ...leftOut.map((route) => leftOutWarning(route))],
        // A statement of another account read into this one because the upload said so.
        ...(otherAccount
          ? {
              accept_other_account: true,
              other_account: otherAccount.statement.accountIdentifier ?? otherAccount.account,
            }
          : {}),
        // Kept for the worker, which recomputes each account's opening balance adjustment when it books.
        closing_balance: closingBalances[account.id] ?? null,
        closing_balances: closingBalances,
      },
      openingBalanceAdjusted: adjustments as unknown as Prisma.InputJsonValue,
    },
    preview,
  };
}

function leftOutWarning({ account, statement, leftOut }: StatementRoute): string {
  const what = `The statement of ${account} (${statement.transactions.length} transactions) was left out`;
  if (leftOut?.because === "account_map") return `${what}, as parse_options.account_map says.`;
  const why =
    leftOut?.because === "several_accounts"
      ? `several accounts of the workspace fit its IBAN or number equally (${leftOut.accountIds.join(", ")})`
      : "no account of the workspace has its IBAN or number";
  return `${what}: ${why}. Name its account in parse_options.account_map to import it too.`;
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
