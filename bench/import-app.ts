/**
 * The app's side of bench:import: a statement upload as POST /imports runs it after reading the
 * multipart body (less the idempotency record), and the confirmation the worker then books.
 */
import { createHash } from "node:crypto";
import type { Db } from "../server/db/client";
import { confirmImport } from "../server/domain/imports/confirm-import";
import {
  createImport,
  prepareImport,
  releasePreparedImport,
  type UploadedStatement,
} from "../server/domain/imports/create-import";
import { parseStatementFile } from "../server/domain/imports/parse-file";
import { SideEffects } from "../server/domain/side-effects/side-effects";
import { drainImports } from "../server/jobs/import-worker";
import type { BenchWorkspace } from "./import-setup";

export function statementFile(name: string, bytes: Buffer): UploadedStatement {
  return { name, bytes, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** Runs `work`, adding its wall time in seconds to `steps[name]`. */
async function step<T>(steps: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  steps[name] = (steps[name] ?? 0) + (performance.now() - started) / 1000;
  return result;
}

/** The upload: parse, prepare (the preview) and create the import; steps in seconds. */
export async function appUpload(
  db: Db,
  bench: BenchWorkspace,
  accountId: string,
  file: UploadedStatement,
  steps: Record<string, number>,
) {
  const parsed = await step(steps, "parse", () =>
    parseStatementFile(file.bytes, file.name, { defaultCurrencyCode: "EUR" }),
  );
  const prepared = await step(steps, "prepare", () =>
    prepareImport({ db, workspace: bench.workspace }, { accountId, file, parsed }),
  );
  try {
    const context = { db, workspace: bench.workspace, userId: bench.userId, sideEffects: new SideEffects() };
    return await step(steps, "write", () => createImport(context, prepared));
  } finally {
    await releasePreparedImport(db, prepared);
  }
}

export function appConfirm(db: Db, bench: BenchWorkspace, jobId: string) {
  return confirmImport({ db: db, workspace: bench.workspace, sideEffects: new SideEffects() }, jobId, {
    skipDuplicates: true,
  });
}

/** The worker's pass over the confirmed import, which it must complete. */
export async function appWorker(db: Db): Promise<void> {
  if ((await drainImports(db)) !== 1) throw new Error("the worker did not complete the import");
}

/** A statement from upload to booked: upload, confirm, worker; steps in seconds. */
export async function appEndToEnd(
  db: Db,
  bench: BenchWorkspace,
  accountId: string,
  file: UploadedStatement,
): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  const job = await appUpload(db, bench, accountId, file, steps);
  await step(steps, "confirm", () => appConfirm(db, bench, job.id));
  await step(steps, "worker", () => appWorker(db));
  return steps;
}
