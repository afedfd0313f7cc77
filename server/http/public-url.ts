import { env } from "../env";

/** The origin clients reach us at: PUBLIC_BASE_URL when set, else the request's own origin. */
export function publicBaseUrl(request: Request): string {
  if (env.PUBLIC_BASE_URL) return env.PUBLIC_BASE_URL.replace(/\/+$/, "");
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const protocol = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${protocol}://${host}`;
}

/** The origin of links in e-mails sent outside a request's reach (invitations). */
export function publicOrigin(): string {
  return env.PUBLIC_BASE_URL ?? env.NEXTAUTH_URL ?? "http://localhost:3000";
}
