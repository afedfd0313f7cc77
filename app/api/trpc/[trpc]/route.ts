import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { NextRequest } from "next/server";
import { readSessionToken } from "@/server/auth/next-auth";
import { getDatabase } from "@/server/db";
import { publicBaseUrl } from "@/server/http/public-url";
import { requestIdFor } from "@/server/http/request-id";
import { crossSiteRefusal } from "@/server/http/same-origin";
import { logger } from "@/server/logger";
import { appRouter } from "@/server/routers";
import { createContext } from "@/server/trpc";

export const dynamic = "force-dynamic";

/**
 * The request's headers, with the signed-in browser's server-side session as a Bearer token when
 * the caller sent no Authorization header of its own: sessionProcedure then treats a browser like
 * a script holding that session token.
 */
async function headersWithBrowserSession(request: NextRequest): Promise<Headers> {
  if (request.headers.has("authorization")) return request.headers;
  const sessionToken = await readSessionToken(request);
  if (sessionToken === null) return request.headers;
  const headers = new Headers(request.headers);
  headers.set("authorization", `Bearer ${sessionToken}`);
  return headers;
}

/** tRPC for the dashboard: the same router the REST surface serves. */
async function handler(request: NextRequest): Promise<Response> {
  const requestId = requestIdFor(request);
  const db = await getDatabase();
  const headers = await headersWithBrowserSession(request);
  // Authenticated by the cookie, which browsers send on cross-site requests too: mutations (POST)
  // must come from our own pages. A caller's own Authorization header cannot be forged that way.
  const byCookie = headers !== request.headers;
  const crossSite = byCookie && request.method !== "GET" ? crossSiteRefusal(request) : null;
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: () => {
      if (crossSite) throw new TRPCError({ code: "FORBIDDEN", message: crossSite.message, cause: crossSite });
      return createContext({ db, requestId, headers, baseUrl: publicBaseUrl(request) });
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ err: error, requestId, path }, "tRPC call failed");
    },
  });
  response.headers.set("x-request-id", requestId);
  return response;
}

export { handler as GET, handler as POST };
