import { getDatabase } from "../db";
import { appRouter } from "../routers";
import { answerBudget, enter, refusal, spentByCaller, withSessionBearer } from "./entry";
import { discardRest } from "./request-body";
import { answerFormOperation, formOperation, type FormOperation } from "./form-operation";
import { assertSameOrigin } from "./same-origin";

/** The upload (endpoint 3's own procedure) and the look at a file not uploaded yet, as multipart forms. */
const UPLOAD = formOperation(appRouter, "imports.create", 201);
const INSPECTION = formOperation(appRouter, "imports.inspectFile", 200);

/**
 * A dashboard form with the signed-in browser's session (its token read from the next-auth cookie
 * by `readSessionToken`) as the bearer token: the same procedure as REST answers it, with the
 * same checks and error body. The cookie rides along on requests other sites start: those are
 * refused before anything is read.
 */
async function answerDashboardForm(
  request: Request,
  path: string,
  operation: FormOperation,
  readSessionToken: () => Promise<string | null>,
): Promise<Response> {
  const entry = enter(request);
  const { requestId, control } = entry;
  try {
    assertSameOrigin(request);
    // Without a session, the procedure answers 401 TOKEN_MISSING and counts it against the address.
    const headers = (await withSessionBearer(request.headers, readSessionToken, { replace: true }))!;
    const db = await getDatabase();
    return await answerFormOperation(request, operation, {
      db,
      requestId,
      headers,
      response: control,
      acceptsSessions: true,
    });
  } catch (error) {
    // Refused before the procedure spent a budget (another site's request): the address's, as every /api answer.
    const budget = spentByCaller(entry) ? control.headers : await answerBudget(entry, request.headers);
    // Refused before the form was read: the body is read and dropped first, so a client that writes
    // it whole before reading (on a connection that closes after the answer) gets the answer, not a reset.
    if (request.body && !request.bodyUsed) await discardRest(request.body.getReader());
    return refusal(entry, error, { path }, budget);
  }
}

/** The imports page's upload. A browser sends no Idempotency-Key: each upload gets a fresh one (never a replay). */
export function handleDashboardImportUpload(
  request: Request,
  readSessionToken: () => Promise<string | null>,
): Promise<Response> {
  return answerDashboardForm(request, "/api/dashboard/imports", UPLOAD, readSessionToken);
}

/** The column-mapping editor's look at a file not uploaded yet: its first rows and transactions with the options sent. */
export function handleDashboardFileInspection(
  request: Request,
  readSessionToken: () => Promise<string | null>,
): Promise<Response> {
  return answerDashboardForm(request, "/api/dashboard/imports/inspect", INSPECTION, readSessionToken);
}
