/**
 * The uploaded statement, kept with an import that is not confirmed yet so that it can be read
 * again with other options (reparse). Bounded: deleted when the import is confirmed or discarded,
 * 24 hours after the upload, and beyond a per-workspace budget (the oldest go first).
 */
import type { Db } from "../../db";
import type { WorkspaceContext } from "../workspace-context";

/** How long an unconfirmed upload is kept. */
export const IMPORT_FILE_RETENTION_MS = 24 * 60 * 60 * 1000;
/** The bytes one workspace may keep at once: five of the largest uploads (10 MiB each). */
export const IMPORT_FILE_BUDGET_BYTES = 50 * 1024 * 1024;

/**
 * Drops the workspace's oldest kept files beyond the budget; run when a file is kept (a new
 * import's file is written by import-staging.ts, in the upload's transaction).
 */
export async function pruneKeptFiles({ db, workspace }: WorkspaceContext): Promise<void> {
  // Newest first, the running total decides; ties by id keep the order stable.
  await db.prisma.$executeRaw`
    DELETE FROM import_files WHERE import_job_id IN (
      SELECT import_job_id FROM (
        SELECT import_job_id, SUM(size) OVER (ORDER BY created_at DESC, import_job_id DESC) AS kept
          FROM import_files WHERE workspace_id = ${workspace.id}::uuid
      ) ranked WHERE kept > ${IMPORT_FILE_BUDGET_BYTES}
    )`;
}

/** The kept bytes of an import, or null when they are gone (expired, over the budget, confirmed). */
export async function readImportFile(db: Db, importJobId: string, now = new Date()): Promise<Buffer | null> {
  const file = await db.prisma.importFile.findUnique({
    where: { importJobId },
    select: { bytes: true, expiresAt: true },
  });
  if (!file || file.expiresAt <= now) return null;
  return Buffer.from(file.bytes);
}

export async function dropImportFile(db: Db, importJobId: string): Promise<void> {
  await db.prisma.importFile.deleteMany({ where: { importJobId } });
}

/** Housekeeping: files past their time, and files of imports that can no longer be read again. */
export async function pruneImportFiles(db: Db, now = new Date()): Promise<number> {
  return db.prisma.$executeRaw`
    DELETE FROM import_files f USING import_jobs j
     WHERE j.id = f.import_job_id AND (f.expires_at <= ${now} OR j.status NOT IN ('parsed', 'needs_input'))`;
}
