/**
 * The bulk values of a new import, its stored preview and its file, written before the upload's
 * transaction through the database driver, then moved into the job by that transaction.
 *
 * Why: a value passed through Prisma is JSON-encoded and decoded again on its way to the driver;
 * for a 100k-row upload (a 16 MiB preview, a 10 MiB file) that took 0.4-0.6 s of the process's
 * time, more than PostgreSQL needs to store both. The move inside the transaction copies the
 * stored values within the database, so the new job, its preview, its file and the idempotency
 * record still commit together or not at all. A staged row lives for one request: the request
 * deletes it when its transaction did not take it (a replay, an error), the hourly maintenance
 * deletes any left behind by a process that died.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db";
import type { WorkspaceContext } from "../workspace-context";
import { IMPORT_FILE_RETENTION_MS, pruneKeptFiles } from "./import-file";
import type { PreviewRow } from "./preview";
import { storedPreviewJson } from "./stored-preview";

/** Staged rows older than this belong to no request still running. */
const STAGED_LIFETIME_MS = 60 * 60 * 1000;

/** Writes the preview of an import into `accountId` and the file; returns the staged row's id. */
export async function stageImportValues(
  db: Db,
  values: { accountId: string; preview: readonly PreviewRow[]; bytes: Buffer },
): Promise<string> {
  const id = randomUUID();
  await db.sql.query(`INSERT INTO import_staging (id, preview, bytes) VALUES ($1::uuid, $2::jsonb, $3::bytea)`, [
    id,
    storedPreviewJson(values.preview, values.accountId),
    values.bytes,
  ]);
  return id;
}

/**
 * In the upload's transaction: the staged preview becomes the job's and the staged file its kept
 * file (see import-file.ts), and the staged row goes. Throws when the row is gone (it cannot be:
 * only its own request and the hourly pruning of hour-old rows delete it).
 */
export async function takeStagedValues(
  { db, workspace }: WorkspaceContext,
  stagedId: string,
  jobId: string,
  now = new Date(),
): Promise<void> {
  const moved = await db.prisma.$executeRaw`
    UPDATE import_jobs j SET preview = s.preview FROM import_staging s WHERE j.id = ${jobId}::uuid AND s.id = ${stagedId}::uuid`;
  if (moved !== 1) throw new Error(`the staged values ${stagedId} of import ${jobId} are gone`);
  await db.prisma.$executeRaw`
    INSERT INTO import_files (import_job_id, workspace_id, bytes, size, expires_at)
    SELECT ${jobId}::uuid, ${workspace.id}::uuid, s.bytes, length(s.bytes), ${new Date(now.getTime() + IMPORT_FILE_RETENTION_MS)}
      FROM import_staging s WHERE s.id = ${stagedId}::uuid`;
  await db.prisma.$executeRaw`DELETE FROM import_staging WHERE id = ${stagedId}::uuid`;
  await pruneKeptFiles({ db, workspace });
}

/** After the request: the staged row, when its transaction did not take it (replayed, refused or failed). */
export async function dropStagedValues(db: Db, stagedId: string): Promise<void> {
  await db.sql.query(`DELETE FROM import_staging WHERE id = $1::uuid`, [stagedId]);
}

/** Housekeeping: staged rows of requests that died before they could delete them. */
export async function pruneStagedValues(db: Db, now = new Date()): Promise<number> {
  return db.prisma
    .$executeRaw`DELETE FROM import_staging WHERE created_at < ${new Date(now.getTime() - STAGED_LIFETIME_MS)}`;
}
