import type { Db } from "../../db";
import type { SideEffects } from "../side-effects/side-effects";
import type { WorkspaceContext } from "../workspace-context";
import { createImport, withPreparedImport, type UploadedStatement } from "./create-import";
import type { ParseOptions } from "./parsers/types";
import { readUploadedStatement } from "./read-upload";
import type { StatementChoice } from "./select-statement";

/** What an upload answers in `data`: the new import job. */
export type UploadedJob = { type: "import_jobs" } & Awaited<ReturnType<typeof createImport>>;

/**
 * How the caller makes the upload happen once per Idempotency-Key: the answer this same request
 * got earlier, if it completed; and the write, run in a transaction with its side effects
 * collected, whose answer the caller stores.
 */
export interface OnceOnly<Answer> {
  earlier(): Promise<Answer | null>;
  write(work: (tx: Db, sideEffects: SideEffects) => Promise<UploadedJob>): Promise<Answer>;
}

export interface StatementUpload {
  accountId: string;
  file: UploadedStatement;
  /** The reading the upload asks for; `amountSemantics` from either place it may be sent. */
  options: ParseOptions;
  /** True when the upload brings options of its own (else the account's remembered reading may serve). */
  ownReading: boolean;
  /** parse_options.accept_other_account and account_map: where the file's statements go. */
  statementChoice: StatementChoice;
  /** A remembered reading's stored options, as this version reads them (null: none usable). */
  rememberedOptions: (stored: unknown) => ParseOptions | null;
}

/**
 * Endpoint 3: a retry of a completed upload is answered from its record before the file is read
 * again; otherwise the file is read, read against the account and staged before the transaction
 * (create-import.ts, import-staging.ts), then the import is written once.
 */
export async function uploadStatement<Answer>(
  context: WorkspaceContext & { userId: string },
  upload: StatementUpload,
  once: OnceOnly<Answer>,
): Promise<Answer> {
  const earlier = await once.earlier();
  if (earlier) return earlier;
  const { parsed, amountSemantics } = await readUploadedStatement(context, upload);
  const prepared = { ...upload, parsed, amountSemantics };
  return withPreparedImport(context, prepared, (ready) =>
    once.write(async (tx, sideEffects) => ({
      type: "import_jobs" as const,
      ...(await createImport({ ...context, db: tx, sideEffects }, ready)),
    })),
  );
}
