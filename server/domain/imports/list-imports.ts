import type { ImportStatus } from "../../db/generated/prisma/client";
import { accountName, activeAssetAccount } from "../accounts/list-accounts";
import { newestFirstKeyset } from "../list-cursor";
import { currencyCatalogue } from "../money/currencies";
import { iso } from "../time/timestamps";
import type { WorkspaceContext } from "../workspace-context";
import type { StatementFileType } from "./parsers/types";

export interface ImportSummary {
  id: string;
  file_name: string;
  file_type: StatementFileType;
  account_id: string;
  account_name: string;
  status: ImportStatus;
  total_rows: number;
  imported_count: number;
  skipped_count: number;
  error_count: number;
  created_at: string;
  completed_at: string | null;
}

export interface ImportListQuery {
  /** Page mode (with the total) unless `cursor` is given. */
  page: number;
  cursor?: string;
  limit: number;
  status?: ImportStatus;
  accountId?: string;
}

/**
 * The workspace's imports, newest first, a page at a time, without their previews. With an
 * account: the imports into it, and those of files of several accounts one of whose statements
 * went to it.
 */
export async function listImports(
  { db, workspace }: WorkspaceContext,
  { page, cursor, limit, status, accountId }: ImportListQuery,
): Promise<{ items: ImportSummary[]; total: number | null; nextCursor: string | null }> {
  const ofAccount = accountId
    ? {
        OR: [{ accountId }, { parseOptions: { path: ["statements"], array_contains: [{ account_id: accountId }] } }],
      }
    : {};
  const where = { workspaceId: workspace.id, ...(status ? { status } : {}), ...ofAccount };
  const filters = { status, accountId };
  const keyset = newestFirstKeyset("imports", filters, cursor);
  const { after } = keyset;
  const [rows, total, currencies] = await Promise.all([
    db.prisma.importJob.findMany({
      where: keyset.older ? { AND: [where, keyset.older] } : where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: after ? 0 : (page - 1) * limit,
      // One more than the page: whether a next page exists, without counting.
      take: limit + 1,
      omit: { preview: true },
      include: {
        account: {
          select: { currencyId: true, wallet: { select: { name: true, _count: { select: { accounts: true } } } } },
        },
      },
    }),
    after ? null : db.prisma.importJob.count({ where }),
    currencyCatalogue(db),
  ]);
  const jobs = rows.slice(0, limit);
  const nextCursor = keyset.nextCursor(rows, limit);
  const items = jobs.map((job) => ({
    id: job.id,
    file_name: job.fileName,
    // Written from the detected type only (read-into-job.ts).
    file_type: job.fileType as StatementFileType,
    account_id: job.accountId,
    account_name: accountName(
      job.account.wallet.name,
      job.account.wallet._count.accounts,
      currencies.get(job.account.currencyId)?.code ?? "",
    ),
    status: job.status,
    total_rows: job.totalRows,
    imported_count: job.importedCount,
    skipped_count: job.skippedCount,
    error_count: job.errorCount,
    created_at: iso(job.createdAt),
    completed_at: iso(job.completedAt),
  }));
  return { items, total, nextCursor };
}

/**
 * The accounts a statement can be imported into (those `importAccount` accepts), in the accounts list's
 * order, each saying whether it holds transactions yet (a first statement may start its history).
 */
export async function importAccountChoices({ db, workspace }: WorkspaceContext) {
  const [accounts, currencies] = await Promise.all([
    db.prisma.account.findMany({
      where: activeAssetAccount(workspace.id),
      orderBy: [{ order: "asc" }, { wallet: { name: "asc" } }, { id: "asc" }],
      select: {
        id: true,
        currencyId: true,
        wallet: { select: { name: true, _count: { select: { accounts: true } } } },
      },
    }),
    currencyCatalogue(db),
  ]);
  // One index probe an account ((account_id, date)): whether a first statement would start its history.
  const booked = await db.sql.query<{ id: string }>(
    `SELECT a.id::text AS id FROM unnest($1::uuid[]) AS a(id)
      WHERE EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = a.id)`,
    [accounts.map((account) => account.id)],
  );
  const withTransactions = new Set(booked.map((row) => row.id));
  return accounts.map((account) => {
    const code = currencies.get(account.currencyId)?.code ?? "";
    return {
      id: account.id,
      name: accountName(account.wallet.name, account.wallet._count.accounts, code),
      currency_code: code,
      has_transactions: withTransactions.has(account.id),
    };
  });
}
