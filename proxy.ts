import { NextResponse, type NextRequest } from "next/server";
import { expiredCookie, withoutUnreadableCallbackUrls } from "./server/auth/callback-url";
import { pageContentSecurityPolicy } from "./server/http/security-headers";

/**
 * Each page gets a Content-Security-Policy with a fresh nonce. Next.js reads the nonce from the
 * request's CSP header and puts it on the scripts it writes into the page (the RSC payload), so
 * no inline script without it runs. The other security headers come from next.config.ts.
 *
 * A next-auth callback-url cookie that is not a web address (planted: next-auth never writes one)
 * is taken out of the request and deleted from the browser: next-auth, which reads the session of
 * every dashboard page, would otherwise fail the page with its configuration error.
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const { cookieHeader, droppedCookies } = withoutUnreadableCallbackUrls(
    request.nextUrl,
    request.headers.get("cookie"),
  );
  if (droppedCookies.length > 0) {
    if (cookieHeader === null) headers.delete("cookie");
    else headers.set("cookie", cookieHeader);
  }
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  for (const name of droppedCookies) response.headers.append("set-cookie", expiredCookie(name));
  return response;
}

export const config = {
  matcher: [
    {
      // Pages only: not the API (REST, tRPC, auth, uploads), built files, Swagger UI's files or the icon.
      source: "/((?!api/|_next/static/|_next/image|docs/api/assets/|favicon.svg).*)",
      // The router's own fetches (navigations, prefetches) get RSC data, not documents: no CSP needed.
      // Not `Purpose: prefetch`: a browser-prefetched document without this CSP would keep the
      // fallback `default-src 'none'` of next.config.ts and break when shown.
      missing: [
        { type: "header", key: "rsc" },
        { type: "header", key: "next-router-prefetch" },
      ],
    },
  ],
};
