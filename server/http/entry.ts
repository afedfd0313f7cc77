/**
 * How every /api request enters, whichever surface answers it (REST: rest-handler.ts; tRPC:
 * app/api/trpc/[trpc]/route.ts; the dashboard's multipart forms: import-upload.ts; MCP:
 * server/mcp/handler.ts): the request id, the response control a procedure writes its status and
 * budget to, the browser's session as a bearer token, and the budget every answer carries.
 */
import type { ResponseControl } from "../trpc/context";
import { spendAddressBudget } from "./address-budget";
import { requestIdFor } from "./request-id";
import { errorResponse, refusalOf } from "./responses";
import type { RequestHeaders } from "./rest-request";

export interface Entry {
  requestId: string;
  /** Where a procedure leaves its status and headers (its caller's RateLimit-* budget among them). */
  control: ResponseControl;
}

export function enter(request: { headers: RequestHeaders }): Entry {
  return { requestId: requestIdFor(request), control: { headers: new Headers() } };
}

/**
 * A failed request's answer: the spec's error body with the request id, logged when the service is
 * at fault (refusalOf), with `headers` (by default what the procedure left: its budget, Allow...).
 */
export function refusal(
  { requestId, control }: Entry,
  error: unknown,
  subject: Record<string, string>,
  headers: HeadersInit = control.headers,
): Response {
  return errorResponse(refusalOf(error, requestId, subject), requestId, headers);
}

/** True once a procedure spent a caller's budget (credential, session, failed authentication). */
export function spentByCaller({ control }: Entry): boolean {
  return control.headers.has("ratelimit-limit");
}

/**
 * The budget an answer carries: the one a procedure spent, else the client address's. `spent` is
 * the address's budget when the entry spent it already (a request without credentials pays before
 * anything runs); otherwise it is spent now, never refusing an answer that is already made.
 */
export async function answerBudget(
  entry: Entry,
  headers: RequestHeaders,
  spent: Record<string, string> | null = null,
): Promise<Record<string, string>> {
  if (spentByCaller(entry)) {
    return Object.fromEntries(
      [...entry.control.headers].filter(([name]) => name.startsWith("ratelimit-") || name === "retry-after"),
    );
  }
  return spent ?? (await spendAddressBudget(headers, { refuse: false }));
}

/**
 * The request's headers with the signed-in browser's session as its bearer token, so a procedure
 * treats the browser like a script holding that session token (read from the next-auth cookie by
 * `readSessionToken`). `replace`: a form the dashboard posts is the session's whatever
 * Authorization it carries; on tRPC a caller's own header wins, and the cookie is not read. Null
 * when the request goes on with its own headers.
 */
export async function withSessionBearer(
  headers: Headers,
  readSessionToken: () => Promise<string | null>,
  { replace }: { replace: boolean },
): Promise<Headers | null> {
  if (!replace && headers.has("authorization")) return null;
  const sessionToken = await readSessionToken();
  if (!replace && sessionToken === null) return null;
  const withSession = new Headers(headers);
  withSession.delete("authorization");
  if (sessionToken !== null) withSession.set("authorization", `Bearer ${sessionToken}`);
  return withSession;
}
