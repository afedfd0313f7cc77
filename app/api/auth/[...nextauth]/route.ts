import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { expiredCookie, withoutUnreadableCallbackUrls } from "@/server/auth/callback-url";
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
    return errorResponseFor(
      "ROUTE_NOT_FOUND",
      `No endpoint answers ${request.method} ${pathname}.`,
      requestIdFor(request),
    );
  }
  if (!methods.includes(request.method === "HEAD" ? "GET" : request.method)) {
    return methodNotAllowed(request, requestIdFor(request), [...methods]);
  }
  const readable = await withReadableCallbackUrl(request);
  return readable instanceof Response ? readable : NextAuth(readable, context, getAuthOptions());
}

/**
 * next-auth answers 500 for a callback URL it cannot parse (`?callbackUrl=http://localhost:99999/`,
 * a planted `next-auth.callback-url` cookie). Such a query parameter is dropped; such a cookie
 * (next-auth reads cookies from Next itself, past this request) is answered 400 and deleted, so
 * the browser's next request works.
 */
async function withReadableCallbackUrl(request: NextRequest): Promise<NextRequest | Response> {
  const url = new URL(request.url);
  const clean = withoutUnreadableCallbackUrls(url, request.headers.get("cookie"));
  if (clean.droppedCookies.length > 0) {
    const response = errorResponseFor(
      "VALIDATION_FAILED",
      "Validation failed: the next-auth.callback-url cookie is not a web address; it has been deleted, so try again.",
      requestIdFor(request),
    );
    for (const name of clean.droppedCookies) response.headers.append("set-cookie", expiredCookie(name));
    return response;
  }
  if (clean.url.search === url.search) return request;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return new NextRequest(clean.url, { method: request.method, headers: request.headers, body });
}

const limited = addressLimited(handler);

export { limited as GET, limited as POST, limited as PUT, limited as PATCH, limited as DELETE };
