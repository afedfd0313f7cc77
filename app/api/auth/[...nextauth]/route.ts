import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { getAuthOptions, nextAuthMethods } from "@/server/auth/next-auth";
import { requestIdFor } from "@/server/http/request-id";
import { errorResponseFor, methodNotAllowed } from "@/server/http/responses";
import { addressLimited } from "@/server/http/route-guards";

export const dynamic = "force-dynamic";

type RouteContext = { params: Promise<{ nextauth: string[] }> };

/** next-auth's endpoints (csrf, providers, callback/credentials, session, signout) for the dashboard; 404 or 405 for the rest. */
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  const methods = nextAuthMethods((await context.params).nextauth);
  if (methods === undefined) {
    const { pathname } = new URL(request.url);
    return errorResponseFor("ROUTE_NOT_FOUND", `No endpoint answers ${request.method} ${pathname}.`, requestIdFor(request));
  }
  if (!methods.includes(request.method === "HEAD" ? "GET" : request.method)) {
    return methodNotAllowed(request, requestIdFor(request), [...methods]);
  }
  return NextAuth(request, context, getAuthOptions());
}

const limited = addressLimited(handler);

export { limited as GET, limited as POST, limited as PUT, limited as PATCH, limited as DELETE };
