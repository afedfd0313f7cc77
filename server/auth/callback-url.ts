/**
 * Where next-auth may send the browser after signing in or out: a page of this service. next-auth
 * reads the target from a `callbackUrl` query parameter, form field or cookie, and answers 500
 * (its configuration error page) when one is not a URL it can parse (`http://localhost:99999/`, a
 * planted cookie `http://a:b:c`). The /api/auth route drops such a query parameter and refuses such
 * a cookie (400, deleting it), pages take the cookie out (proxy.ts), and the redirect callback sends
 * any other target that is not ours to the service's start page. No imports: proxy.ts loads it.
 */

/** The callback-URL cookie's names (plain, and with the __Secure- prefix of an https origin). */
const CALLBACK_URL_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"] as const;

/** `target` as an absolute URL on `origin` (a path, or a URL of the same origin); null for anything else. */
export function sameOriginUrl(target: string, origin: string): string | null {
  try {
    const base = new URL(origin);
    const url = new URL(target, base);
    return url.origin === base.origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether next-auth can read `target` as a callback URL: a path, or an absolute http(s) URL (its own
 * check, which answers 500 otherwise). Whether it is ours is the redirect callback's to decide:
 * next-auth writes the cookie with the origin it sees, which need not be the request's.
 */
export function isReadableCallbackUrl(target: string, origin: string): boolean {
  try {
    const url = new URL(target, target.startsWith("/") ? origin : undefined);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The request without a callback URL (query parameter or cookie) next-auth cannot read, and the names of the cookies dropped. */
export function withoutUnreadableCallbackUrls(
  url: URL,
  cookieHeader: string | null,
): { url: URL; cookieHeader: string | null; droppedCookies: string[] } {
  const cleanUrl = new URL(url);
  const callbackUrl = cleanUrl.searchParams.get("callbackUrl");
  if (callbackUrl !== null && !isReadableCallbackUrl(callbackUrl, url.origin))
    cleanUrl.searchParams.delete("callbackUrl");
  if (cookieHeader === null) return { url: cleanUrl, cookieHeader, droppedCookies: [] };
  const droppedCookies: string[] = [];
  const kept = cookieHeader
    .split(";")
    .map((pair) => pair.trim())
    .filter((pair) => {
      const at = pair.indexOf("=");
      const name = at < 0 ? pair : pair.slice(0, at);
      if (!(CALLBACK_URL_COOKIES as readonly string[]).includes(name)) return pair !== "";
      if (isReadableCallbackUrl(decodeCookieValue(pair.slice(at + 1)), url.origin)) return true;
      droppedCookies.push(name);
      return false;
    });
  return { url: cleanUrl, cookieHeader: kept.length > 0 ? kept.join("; ") : null, droppedCookies };
}

/** A Set-Cookie that deletes `name` where next-auth sets it: the whole site (__Secure- ones only over https). */
export function expiredCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly${name.startsWith("__Secure-") ? "; Secure" : ""}`;
}

function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
