import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { WorkspaceRef } from "../identity/authenticate";
import type { SideEffects } from "../side-effects/side-effects";
import { dropImportFile } from "./import-file";
import { importJobAttributes, type ImportJobAttributes } from "./import-job-view";

/** Endpoint 4: `parsed` -> `queued` in one statement; the worker books the rows afterwards. */
export async function confirmImport(
  { db, workspace, sideEffects }: { db: Db; workspace: WorkspaceRef; sideEffects: SideEffects },
  id: string,
  { skipDuplicates }: { skipDuplicates: boolean },
): Promise<{ id: string; attributes: ImportJobAttributes }> {
  // The preview can be large: read it once, after the status change.
  const job = await db.importJob.findFirst({ where: { id, workspaceId: workspace.id }, select: { status: true } });
  if (!job) throw new AppError("RESOURCE_NOT_FOUND", "No import with this id exists in the token's workspace.");
  const conflict = () =>
    new AppError(
      "IMPORT_STATE_CONFLICT",
      job.status === "needs_input"
        ? "This import needs amount_semantics before it can be confirmed: upload the file again with amount_semantics."
        : `This import is ${job.status}; only a parsed import can be confirmed.`,
    );
  if (job.status !== "parsed") throw conflict();
  const queued = await db.importJob.updateMany({
    where: { id, status: "parsed" },
    data: { status: "queued", queuedAt: new Date(), skipDuplicates },
  });
  if (queued.count !== 1) throw conflict();
  // Confirmed: the file will not be read again.
  await dropImportFile(db, id);
  const updated = await db.importJob.findUniqueOrThrow({ where: { id } });
  sideEffects.record({ domain: "import_jobs", id, action: "upsert", data: { status: "queued", skip_duplicates: skipDuplicates } });
  return { id, attributes: importJobAttributes(updated) };
}

/** Endpoint 5. */
export async function getImport({ db, workspace }: { db: Db; workspace: WorkspaceRef }, id: string) {
  const job = await db.importJob.findFirst({ where: { id, workspaceId: workspace.id } });
  if (!job) throw new AppError("RESOURCE_NOT_FOUND", "No import with this id exists in the token's workspace.");
  return { id: job.id, attributes: importJobAttributes(job) };
}
