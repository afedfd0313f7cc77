import { env } from "../env";
import { AppError } from "../errors";

/**
 * CSRF defence for writes authenticated by the dashboard's cookie. SameSite=Lax alone leaves
 * pages on sibling subdomains (same site, other origin) and browsers that ignore SameSite able to
 * send a write with the victim's cookie; so such a write must come from one of our own pages.
 */

export const CROSS_SITE_MESSAGE = "Cross-site requests are refused: send this request from the dashboard's own pages.";

/** Sec-Fetch-Site values of requests our own pages, or the person at the browser, started. */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

/** Origins the operator configured as the app's own (they hold when a proxy rewrites Host). */
function configuredOrigins(): string[] {
  return [env.PUBLIC_BASE_URL, env.NEXTAUTH_URL].filter((origin): origin is string => origin !== undefined);
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" (opaque origins: sandboxed frames, data: URLs) and garbage
  }
}

/**
 * Whether the request came from a page of this origin. Sec-Fetch-Site (sent by every current
 * browser) decides when present; 'same-site' is refused too, as a sibling subdomain is not us.
 * Else Origin (older browsers) must name the Host the browser addressed or a configured origin;
 * X-Forwarded-Host is not read, anyone can send it. Neither header: not a browser (curl, scripts),
 * so no victim's cookie can be riding along.
 */
export function isSameOriginRequest(headers: Headers, ownOrigins: readonly string[] = configuredOrigins()): boolean {
  const site = headers.get("sec-fetch-site");
  if (site !== null) return OWN_FETCH_SITES.has(site.trim().toLowerCase());
  const origin = headers.get("origin");
  if (origin === null) return true;
  if (ownOrigins.includes(origin)) return true;
  const host = headers.get("host")?.trim().toLowerCase();
  return Boolean(host) && originHost(origin) === host;
}

/** The 403 a cross-site request gets, or null when the request may proceed. */
export function crossSiteRefusal(request: Request): AppError | null {
  return isSameOriginRequest(request.headers) ? null : new AppError("INSUFFICIENT_SCOPE", CROSS_SITE_MESSAGE);
}

/** Throws the 403 (INSUFFICIENT_SCOPE) for a request another site started. */
export function assertSameOrigin(request: Request): void {
  const refusal = crossSiteRefusal(request);
  if (refusal) throw refusal;
}
