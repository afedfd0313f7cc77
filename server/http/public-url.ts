import { env } from "../env";

/**
 * The origin written into links we send (password reset, invitations): PUBLIC_BASE_URL, else
 * NEXTAUTH_URL, else this machine on PORT (what `npm start` serves). Never the request's Host or
 * X-Forwarded-Host: a client could otherwise have a victim's reset link point at its own host.
 */
export function publicOrigin(): string {
  return env.PUBLIC_BASE_URL ?? env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`;
}
