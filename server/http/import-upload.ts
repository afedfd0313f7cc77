import { z } from "zod";
import { getDatabase } from "../db";
import { validateIdempotencyKey } from "../domain/idempotency/idempotency";
import { createImport } from "../domain/imports/create-import";
import { parseStatementFile } from "../domain/imports/parse-file";
import { AppError, INTERNAL_ERROR_MESSAGE, toAppError, validationMessage } from "../errors";
import { logger } from "../logger";
import { idempotentWrite } from "../routers/shared/idempotent";
import { authorizePat, createContext, type ResponseControl } from "../trpc";
import { readMultipart } from "./multipart";
import { publicBaseUrl } from "./public-url";
import { requestIdFor } from "./request-id";
import { errorResponse, jsonResponse } from "./responses";

export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
const ENDPOINT = "POST /api/v1/programmatic/imports";

const uploadFields = z.object({
  account_id: z.uuid(),
  amount_semantics: z.enum(["signed_debit_negative", "signed_debit_positive", "split_columns", "indicator_column"]).optional(),
});

/**
 * Endpoint 3, outside tRPC because the body is multipart: the same checks in the same order
 * (token, rate limit, scope, Idempotency-Key, then the body), the same idempotency and error body.
 */
export async function handleImportUpload(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  const control: ResponseControl = { headers: new Headers() };
  try {
    const db = await getDatabase();
    const ctx = createContext({ db, requestId, headers: request.headers, baseUrl: publicBaseUrl(request), response: control });
    const caller = await authorizePat(ctx, "imports:create");
    const idempotencyKey = validateIdempotencyKey(ctx.idempotencyKey);
    const form = await readMultipart(request, { maxFileBytes: MAX_STATEMENT_BYTES });
    const fields = uploadFields.safeParse(form.fields);
    if (!fields.success) throw new AppError("VALIDATION_FAILED", validationMessage(fields.error.issues));
    const file = form.files.file;
    if (!file) throw new AppError("VALIDATION_FAILED", "Validation failed: file: the statement file is required");

    const account = await db.prisma.account.findFirst({
      where: { id: fields.data.account_id, workspaceId: caller.workspace.id },
      select: { currency: { select: { code: true } } },
    });
    const parsed = await parseStatementFile(file.bytes, file.name, {
      amountSemantics: fields.data.amount_semantics,
      defaultCurrencyCode: account?.currency.code.trim(),
    });
    const body = await idempotentWrite(
      { ...ctx, caller, idempotencyKey },
      {
        endpoint: ENDPOINT,
        request: { account_id: fields.data.account_id, file_name: file.name, file_sha256: file.sha256, amount_semantics: fields.data.amount_semantics ?? null },
        status: 201,
      },
      async (tx, sideEffects) => {
        const job = await createImport(
          { db: tx, workspace: caller.workspace, userId: caller.user.id, sideEffects },
          { accountId: fields.data.account_id, file, parsed, amountSemantics: fields.data.amount_semantics },
        );
        return { type: "import_jobs" as const, ...job };
      },
    );
    const response = jsonResponse(body, control.status ?? 201, control.headers);
    response.headers.set("x-request-id", requestId);
    return response;
  } catch (error) {
    const appError =
      error instanceof AppError ? error : toAppError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE, cause: error });
    if (appError.status >= 500) logger.error({ err: error, requestId, path: "/api/v1/programmatic/imports" }, "upload failed");
    return errorResponse(appError, requestId, control.headers);
  }
}
