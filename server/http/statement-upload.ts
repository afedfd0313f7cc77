import { z } from "zod";
import type { Database } from "../db";
import type { WorkspaceRef } from "../domain/identity/authenticate";
import { createImport, importAccount } from "../domain/imports/create-import";
import { inspectStatementFile, type FileInspection } from "../domain/imports/inspect-file";
import { currencyById } from "../domain/money/currencies";
import { parseForAccount, rememberedReading } from "../domain/imports/account-reading";
import { AppError, validationMessage } from "../errors";
import {
  amountSemanticsChoice,
  issuesByOption,
  parseOptionsObject,
  parseOptionsText,
  toParseOptions,
  type ParseOptionsInput,
} from "../routers/programmatic/imports/parse-options-schema";
import { idempotentWrite } from "../routers/shared/idempotent";
import type { ResponseControl } from "../trpc";
import { type FormShape, readMultipart } from "./multipart";

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

const uploadFields = z
  .object({
    account_id: z.uuid(),
    amount_semantics: amountSemanticsChoice.optional(),
    parse_options: parseOptionsText.optional(),
  })
  .superRefine(({ amount_semantics: field, parse_options: options }, ctx) => {
    const option = options?.amount_semantics;
    if (field && option && field !== option) {
      const message = `is ${option} but the amount_semantics field is ${field}: send one of them, or the same value in both`;
      ctx.addIssue({ code: "custom", path: ["parse_options", "amount_semantics"], message, input: option });
    }
  });

/** The parts of an upload: the file, and every field of `uploadFields` as text. */
const UPLOAD_FORM: FormShape = { fileField: "file", textFields: Object.keys(uploadFields.shape), maxFileBytes: MAX_STATEMENT_BYTES };

export interface StatementUploadScope {
  db: Database;
  workspace: WorkspaceRef;
  userId: string;
  /** The multipart request: fields `account_id`, optional `amount_semantics` and `parse_options`, and `file`. */
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
  const { file, accountId, options, amountSemantics } = await readUploadForm(request);

  const account = await db.prisma.account.findFirst({
    where: { id: accountId, workspaceId: workspace.id },
    select: { currency: { select: { code: true } } },
  });
  // An upload that says how to read its file gets just that; one that does not, the account's remembered reading.
  const ownReading = readingOptions(options).parse_options !== undefined;
  const stored = ownReading || !account ? null : await rememberedReading(db.prisma, workspace.id, accountId);
  // Stored by an earlier version whose options this one no longer takes: as good as none.
  const remembered = stored === null ? null : parseOptionsObject.safeParse(stored);
  const { parsed, amountSemantics: semanticsUsed } = await parseForAccount(
    file,
    { ...toParseOptions(options), amountSemantics, defaultCurrencyCode: account?.currency.code.trim() },
    remembered?.success ? { options: toParseOptions(remembered.data) } : null,
  );
  return idempotentWrite(
    { db, response: write.response, caller: { user: { id: userId }, workspace }, idempotencyKey: write.idempotencyKey },
    {
      endpoint: write.endpoint,
      request: {
        account_id: accountId,
        file_name: file.name,
        file_sha256: file.sha256,
        amount_semantics: amountSemantics ?? null,
        ...readingOptions(options),
      },
      status: 201,
    },
    async (tx, sideEffects) => {
      const job = await createImport({ db: tx, workspace, userId, sideEffects }, { accountId, file, parsed, amountSemantics: semanticsUsed });
      return { type: "import_jobs" as const, ...job };
    },
  );
}

/**
 * The dashboard's look at a file with some options before it is uploaded (inspect-file.ts): the
 * upload's fields, `account_id` only for the currency of files that do not say theirs.
 */
export async function inspectUpload({ db, workspace, request }: Omit<StatementUploadScope, "userId">): Promise<FileInspection> {
  const { file, accountId, options, amountSemantics } = await readUploadForm(request);
  const account = await importAccount(db.prisma, workspace.id, accountId);
  const currency = await currencyById(db.prisma, account.currencyId);
  return inspectStatementFile(file.bytes, file.name, { ...toParseOptions(options), amountSemantics, defaultCurrencyCode: currency.code.trim() });
}

/** The upload's multipart body, its fields validated (400 naming the field) and the file required. */
async function readUploadForm(request: Request) {
  const form = await readMultipart(request, UPLOAD_FORM);
  const fields = uploadFields.safeParse(form.fields);
  if (!fields.success) throw new AppError("VALIDATION_FAILED", validationMessage(issuesByOption(fields.error.issues)));
  if (!form.file) throw new AppError("VALIDATION_FAILED", "Validation failed: file: the statement file is required");
  const { account_id: accountId, parse_options: options = {} } = fields.data;
  // The sign convention from either place (uploadFields refuses the two when they differ).
  return { file: form.file, accountId, options, amountSemantics: fields.data.amount_semantics ?? options.amount_semantics };
}

/**
 * The options beside amount_semantics (counted above, from either place) as part of the request's
 * identity; none adds nothing, so an upload without options keeps the fingerprint it always had.
 */
function readingOptions({ amount_semantics: _, ...rest }: ParseOptionsInput): { parse_options?: Omit<ParseOptionsInput, "amount_semantics"> } {
  return Object.keys(rest).length > 0 ? { parse_options: rest } : {};
}
