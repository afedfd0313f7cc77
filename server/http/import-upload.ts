import { randomUUID } from "node:crypto";
import { getDatabase, type Database } from "../db";
import { authenticateSession, type WorkspaceRef } from "../domain/identity/authenticate";
import { validateIdempotencyKey } from "../domain/idempotency/idempotency";
import { AppError, INTERNAL_ERROR_MESSAGE, toAppError } from "../errors";
import { logger } from "../logger";
import { consume, getRateLimiters } from "../rate-limit";
import { authenticateLimited, authorizePat, createContext, type Context, type ResponseControl } from "../trpc";
import { requestIdFor } from "./request-id";
import { errorResponse, jsonResponse } from "./responses";
import { assertSameOrigin } from "./same-origin";
import { inspectUpload, uploadStatement } from "./statement-upload";

export { MAX_STATEMENT_BYTES } from "./statement-upload";

const ENDPOINT = "POST /api/v1/programmatic/imports";
const DASHBOARD_ENDPOINT = "POST /api/dashboard/imports";

interface UploadCaller {
  workspace: WorkspaceRef;
  /** The browser session (dashboard routes). */
  sessionId?: string;
  userId: string;
  endpoint: string;
  idempotencyKey: string;
}

/** Authenticates with `authorize`, then runs `work` (an upload, or an inspection); every failure answers the spec's error body. */
async function answerMultipart(
  request: Request,
  path: string,
  authorize: (ctx: Context) => Promise<UploadCaller>,
  work: (db: Database, caller: UploadCaller, control: ResponseControl) => Promise<unknown>,
): Promise<Response> {
  const requestId = requestIdFor(request);
  const control: ResponseControl = { headers: new Headers() };
  try {
    const db = await getDatabase();
    const ctx = createContext({ db, requestId, headers: request.headers, response: control });
    const body = await work(db, await authorize(ctx), control);
    const response = jsonResponse(body, control.status ?? 201, control.headers);
    response.headers.set("x-request-id", requestId);
    return response;
  } catch (error) {
    const appError =
      error instanceof AppError ? error : toAppError({ code: "INTERNAL_SERVER_ERROR", message: INTERNAL_ERROR_MESSAGE, cause: error });
    if (appError.status >= 500 && appError.status !== 503) logger.error({ err: error, requestId, path }, "upload failed");
    return errorResponse(appError, requestId, control.headers);
  }
}

function answerUpload(request: Request, path: string, authorize: (ctx: Context) => Promise<UploadCaller>): Promise<Response> {
  return answerMultipart(request, path, authorize, (db, { workspace, userId, endpoint, idempotencyKey }, control) =>
    uploadStatement({ db, workspace, userId, request }, { endpoint, idempotencyKey, response: control }),
  );
}

/**
 * Endpoint 3, outside tRPC because the body is multipart: the same checks in the same order
 * (token, rate limit, scope, Idempotency-Key, then the body), the same idempotency and error body.
 */
export function handleImportUpload(request: Request): Promise<Response> {
  return answerUpload(request, "/api/v1/programmatic/imports", async (ctx) => {
    const caller = await authorizePat(ctx, "imports:create");
    const idempotencyKey = validateIdempotencyKey(ctx.idempotencyKey);
    return { workspace: caller.workspace, userId: caller.user.id, endpoint: ENDPOINT, idempotencyKey };
  });
}

/**
 * The dashboard's upload: the browser's session (its token read from the next-auth cookie by
 * `readSessionToken`) instead of a PAT. A browser sends no Idempotency-Key; each upload gets a
 * fresh one, so it runs through the same claim-effect-completion path as endpoint 3 but is never a
 * replay.
 */
export function handleDashboardImportUpload(request: Request, readSessionToken: () => Promise<string | null>): Promise<Response> {
  return answerUpload(request, "/api/dashboard/imports", (ctx) => dashboardCaller(ctx, request, readSessionToken));
}

/**
 * The column-mapping editor's look at a file not uploaded yet (one that could not be read): its
 * first rows and first transactions with the options sent; 200, nothing stored.
 */
export function handleDashboardFileInspection(request: Request, readSessionToken: () => Promise<string | null>): Promise<Response> {
  return answerMultipart(
    request,
    "/api/dashboard/imports/inspect",
    (ctx) => dashboardCaller(ctx, request, readSessionToken),
    async (db, { workspace, sessionId }, control) => {
      await consume(getRateLimiters().inspections, `session:${sessionId}`);
      control.status = 200;
      return { data: await inspectUpload({ db, workspace, request }) };
    },
  );
}

async function dashboardCaller(ctx: Context, request: Request, readSessionToken: () => Promise<string | null>): Promise<UploadCaller> {
  // The cookie rides along on requests other sites start: refuse those before reading anything.
  assertSameOrigin(request);
  const sessionToken = await readSessionToken();
  const caller = await authenticateLimited(ctx, () => {
    if (sessionToken === null) throw new AppError("TOKEN_MISSING", "Sign in to upload a statement.");
    return authenticateSession(ctx.db.prisma, sessionToken);
  });
  for (const [name, value] of Object.entries(await consume(getRateLimiters().perCaller, `session:${caller.sessionId}`))) {
    ctx.response.headers.set(name, value);
  }
  return {
    workspace: caller.workspace,
    sessionId: caller.sessionId,
    userId: caller.user.id,
    endpoint: DASHBOARD_ENDPOINT,
    idempotencyKey: `dashboard-${randomUUID()}`,
  };
}
