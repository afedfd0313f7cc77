import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { TRPCRequestInfo } from "@trpc/server/http";
import { NextRequest } from "next/server";
import { readSessionToken } from "@/server/auth/next-auth";
import { batchTooLargeMessage, MAX_BATCH_CALLS } from "@/server/batch-limit";
import { getDatabase } from "@/server/db";
import { AppError, toAppError } from "@/server/errors";
import { spendAddressBudget } from "@/server/http/address-budget";
import { answerBudget, enter, withSessionBearer } from "@/server/http/entry";
import { errorResponse } from "@/server/http/responses";
import { notJsonProblem } from "@/server/http/request-body";
import { refuseMethods, withCappedBody } from "@/server/http/route-guards";
import { crossSiteRefusal } from "@/server/http/same-origin";
import { logger } from "@/server/logger";
import { appRouter } from "@/server/routers";
import { createContext, type Meta } from "@/server/trpc/context";

export const dynamic = "force-dynamic";

/** A refused call as tRPC reads it: JSON without a body, so the refusal is its answer (not a 413 or 415). */
function withoutBody(request: NextRequest): NextRequest {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new NextRequest(request.url, { method: request.method, headers });
}

/** The number of calls the request carries: tRPC batches name them in the path, comma-separated. */
function callCount(request: NextRequest): number {
  const url = new URL(request.url);
  if (url.searchParams.get("batch") !== "1") return 1;
  const path = url.pathname.slice(url.pathname.indexOf("/api/trpc/") + "/api/trpc/".length);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path); // as tRPC reads it: an encoded comma separates calls too
  } catch {
    // tRPC refuses the malformed path itself.
  }
  return decoded.split(",").length;
}

/**
 * The calls no credential pays for: operations without authentication (health, sign-in, sign-up)
 * and paths that name no procedure. Each costs one unit of the client address's budget, spent for
 * the whole batch before any call runs; the other calls spend their caller's budget one by one.
 */
function uncredentialedCalls(info: TRPCRequestInfo): number {
  return info.calls.filter((call) => ((call.procedure?._def.meta as Meta | undefined)?.auth ?? "none") === "none")
    .length;
}

/** tRPC for the dashboard: the same router the REST surface serves. */
async function handler(request: NextRequest): Promise<Response> {
  const entry = enter(request);
  const { requestId, control } = entry;
  const calls = callCount(request);
  if (calls > MAX_BATCH_CALLS) {
    const budget = await spendAddressBudget(request.headers, { refuse: false });
    return errorResponse(new AppError("PAYLOAD_TOO_LARGE", batchTooLargeMessage(calls, "calls")), requestId, budget);
  }
  const sessionHeaders = await withSessionBearer(request.headers, () => readSessionToken(request), { replace: false });
  const headers = sessionHeaders ?? request.headers;
  // Authenticated by the cookie, which browsers send on cross-site requests too: mutations (POST)
  // must come from our own pages. A caller's own Authorization header cannot be forged that way.
  const byCookie = sessionHeaders !== null;
  const crossSite = byCookie && request.method !== "GET" ? crossSiteRefusal(request) : null;
  // tRPC answers another type than application/json, or none, with a plain-text 415 that no context
  // has seen (its body's request_id empty, its status 400): the contract's 400 in the error body
  // instead, as REST and MCP answer it.
  const notJson =
    request.method === "POST" && !crossSite ? notJsonProblem(request.headers.get("content-type") ?? "", true) : null;
  if (notJson) return errorResponse(notJson, requestId, await spendAddressBudget(request.headers, { refuse: false }));
  let capped: NextRequest;
  try {
    capped = crossSite ? withoutBody(request) : await withCappedBody(request);
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error, requestId);
    throw error;
  }
  const db = await getDatabase();
  let addressBudget: Record<string, string> | null = null;
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: capped,
    router: appRouter,
    maxBatchSize: MAX_BATCH_CALLS,
    createContext: async ({ info }) => {
      if (crossSite) throw new TRPCError({ code: "FORBIDDEN", message: crossSite.message, cause: crossSite });
      const uncredentialed = uncredentialedCalls(info);
      if (uncredentialed > 0) {
        try {
          addressBudget = await spendAddressBudget(request.headers, { refuse: true, calls: uncredentialed });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          addressBudget = error.headers;
          throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: error.message, cause: error });
        }
      }
      return createContext({ db, requestId, headers, response: control, acceptsSessions: true });
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ err: error, requestId, path }, "tRPC call failed");
    },
    // The headers an error brings (Retry-After on a 503), as the REST surface sends them.
    responseMeta: ({ errors }) => ({ headers: Object.assign({}, ...errors.map((error) => toAppError(error).headers)) }),
  });
  response.headers.set("x-request-id", requestId);
  // The address's budget was spent above for the calls without a credential, if there were any.
  const budget = await answerBudget(entry, request.headers, addressBudget);
  for (const [name, value] of Object.entries(budget)) response.headers.set(name, value);
  return response;
}

const refused = refuseMethods(["GET", "POST"]);

export { handler as GET, handler as POST, refused as PUT, refused as PATCH, refused as DELETE };
