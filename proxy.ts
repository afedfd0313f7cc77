import { NextResponse, type NextRequest } from "next/server";
import { pageContentSecurityPolicy } from "./server/http/security-headers";

/**
 * Each page gets a Content-Security-Policy with a fresh nonce. Next.js reads the nonce from the
 * request's CSP header and puts it on the scripts it writes into the page (the RSC payload), so
 * no inline script without it runs. The other security headers come from next.config.ts.
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageContentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
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
