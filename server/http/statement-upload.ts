import { z } from "zod";
import type { Database } from "../db";
import type { WorkspaceRef } from "../domain/identity/authenticate";
import { createImport } from "../domain/imports/create-import";
import { parseStatementFile } from "../domain/imports/parse-file";
import { AppError, validationMessage } from "../errors";
import { idempotentWrite } from "../routers/shared/idempotent";
import type { ResponseControl } from "../trpc";
import { type FormShape, readMultipart } from "./multipart";

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

const AMOUNT_SEMANTICS = ["signed_debit_negative", "signed_debit_positive", "split_columns", "indicator_column"] as const;

const uploadFields = z.object({
  account_id: z.uuid(),
  amount_semantics: z.enum(AMOUNT_SEMANTICS).optional(),
});

/** The parts of an upload: the file, and every field of `uploadFields` as text. */
const UPLOAD_FORM: FormShape = { fileField: "file", textFields: Object.keys(uploadFields.shape), maxFileBytes: MAX_STATEMENT_BYTES };

export interface StatementUploadScope {
  db: Database;
  workspace: WorkspaceRef;
  userId: string;
  /** The multipart request: fields `account_id`, optional `amount_semantics`, and `file`. */
  request: Request;
}

export interface UploadWrite {
  /** The idempotency scope's endpoint, e.g. "POST /api/v1/programmatic/imports". */
  endpoint: string;
  idempotencyKey: string;
  /** Receives the status (201, or the replayed one) and `Idempotent-Replayed`. */
  response: ResponseControl;
}

/**
 * A statement upload, whoever sends it (endpoint 3 with a PAT, the dashboard with a session):
 * reads the multipart body, parses the file, and creates the import's preview once per
 * Idempotency-Key. Authentication and the key's validation happen before, in the caller.
 */
export async function uploadStatement({ db, workspace, userId, request }: StatementUploadScope, write: UploadWrite) {
  const form = await readMultipart(request, UPLOAD_FORM);
  const fields = uploadFields.safeParse(form.fields);
  if (!fields.success) throw new AppError("VALIDATION_FAILED", validationMessage(fields.error.issues));
  const { file } = form;
  if (!file) throw new AppError("VALIDATION_FAILED", "Validation failed: file: the statement file is required");
  const { account_id: accountId, amount_semantics: amountSemantics } = fields.data;

  const account = await db.prisma.account.findFirst({
    where: { id: accountId, workspaceId: workspace.id },
    select: { currency: { select: { code: true } } },
  });
  const parsed = await parseStatementFile(file.bytes, file.name, { amountSemantics, defaultCurrencyCode: account?.currency.code.trim() });
  return idempotentWrite(
    { db, response: write.response, caller: { user: { id: userId }, workspace }, idempotencyKey: write.idempotencyKey },
    {
      endpoint: write.endpoint,
      request: { account_id: accountId, file_name: file.name, file_sha256: file.sha256, amount_semantics: amountSemantics ?? null },
      status: 201,
    },
    async (tx, sideEffects) => {
      const job = await createImport({ db: tx, workspace, userId, sideEffects }, { accountId, file, parsed, amountSemantics });
      return { type: "import_jobs" as const, ...job };
    },
  );
}
