/**
 * The security headers of every response (docs/api.md, "Security headers"). No imports: proxy.ts
 * and next.config.ts load this module too.
 */

/** Headers every response carries: pages, static files, route handlers and REST answers. */
const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  // Not no-referrer: with it, browsers send `Origin: null` on our own POSTs, which same-origin.ts would refuse.
  "referrer-policy": "same-origin",
  // The older spelling of frame-ancestors 'none', for browsers without CSP level 2.
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

/** CSP of anything that is not a page (JSON, files): it may load nothing and be framed by no one. */
const NON_PAGE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of a JSON answer (REST, route handlers): the common ones and a CSP that allows nothing. */
export function securityHeaders(): Record<string, string> {
  return { ...COMMON_SECURITY_HEADERS, "content-security-policy": NON_PAGE_CONTENT_SECURITY_POLICY };
}

/**
 * HSTS, which the production server sends with every answer when the public origin is https
 * (NEXTAUTH_URL or PUBLIC_BASE_URL), unless HSTS=off: a browser that once reached the service over
 * https never again sends its cookie over plain http. A year, this host only (other hosts of the
 * domain are not ours to decide). Null when it is not to be sent.
 */
export function strictTransportSecurity(settings: {
  NEXTAUTH_URL?: string;
  PUBLIC_BASE_URL?: string;
  HSTS: "on" | "off";
}): string | null {
  const https = [settings.NEXTAUTH_URL, settings.PUBLIC_BASE_URL].some((origin) => origin?.startsWith("https://"));
  return settings.HSTS === "on" && https ? "max-age=31536000" : null;
}

/**
 * The CSP of an HTML page, for one response's nonce. Scripts: our own files and the inline scripts
 * Next.js and React write into the page, which carry the nonce (proxy.ts). Styles: our own
 * stylesheets; <style> elements need the nonce (`style-src-elem`), style attributes stay allowed
 * (`style-src` 'unsafe-inline'): our pages need none (React and recharts set styles through the
 * DOM, which CSP does not govern), but Next's built-in error pages and any server-rendered `style`
 * prop do, and a nonce cannot cover attributes. Images: ours and data: URLs (Swagger UI's icons).
 */
export function pageContentSecurityPolicy(nonce: string, { development = false } = {}): string {
  return [
    "default-src 'none'",
    // React's development build evaluates code (server error stacks); production needs no eval.
    `script-src 'self' 'nonce-${nonce}'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // The development overlay and hot reloading write <style> elements without the nonce.
    `style-src-elem 'self' ${development ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
