import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import type { NextRequest } from "next/server";
import { getServerSession, type AuthOptions, type Session } from "next-auth";
import { getToken } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDatabase } from "../db";
import { authenticateSession } from "../domain/identity/authenticate";
import { endSessionByToken, normaliseEmail, SESSION_LIFETIME_DAYS, signIn } from "../domain/identity/sessions";
import { env } from "../env";
import { AppError, databaseAppError } from "../errors";
import { logger } from "../logger";
import { sameOriginUrl } from "./callback-url";
import { signInLimited } from "../trpc/authentication";
import { createContext } from "../trpc/context";
import { hasControlCharacters } from "../domain/user-text";

/**
 * The dashboard's sign-in. A browser session is one of our server-side sessions (the same kind a
 * script gets from POST /api/v1/auth/sessions): `authorize` opens it, the encrypted JWT cookie
 * carries its token, and the tRPC route turns that token into `Authorization: Bearer`. So a
 * password change elsewhere, or signing out, ends the browser's session like any other.
 */

declare module "next-auth" {
  interface Session {
    user: { id: string; email: string };
  }
  interface User {
    sessionToken?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    sessionToken?: string;
  }
}

// Development and tests only, so `next dev` needs no setup; production refuses to run without its own secret.
const DEVELOPMENT_SECRET = "development-only-nextauth-secret-never-use-in-production";

// Secure (__Secure-) cookies when the public origin is https; the route and getToken must agree on the name.
const SECURE_COOKIES = env.NEXTAUTH_URL?.startsWith("https://") ?? false;
const SESSION_COOKIE = `${SECURE_COOKIES ? "__Secure-" : ""}next-auth.session-token`;

/** The next-auth encryption secret; throws a configuration error in production when unset. */
function authSecret(): string {
  if (env.NEXTAUTH_SECRET) return env.NEXTAUTH_SECRET;
  if (env.NODE_ENV !== "production") return DEVELOPMENT_SECRET;
  throw new Error(
    "NEXTAUTH_SECRET is not set: the dashboard cannot sign anyone in. Set it to a random string of at least " +
      "16 characters (e.g. `openssl rand -base64 32`) and restart. The REST API does not need it.",
  );
}

function requestHeaders(headers: Record<string, unknown> | undefined): Headers {
  const copy = new Headers();
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value === "string") copy.set(name, value);
  }
  return copy;
}

/** The dashboard's one provider: next-auth's `callback/<id>` and `signin/<id>` paths name it. */
const CREDENTIALS_PROVIDER_ID = "credentials";

/**
 * The paths under /api/auth that next-auth serves for this configuration, with their methods.
 * next-auth answers anything else in plain text (400, or 500 for a GET on the credentials
 * callback), so the route answers those itself: 404 or 405 in the error body.
 */
const NEXT_AUTH_PATHS: Readonly<Record<string, readonly string[]>> = {
  csrf: ["GET"],
  providers: ["GET"],
  session: ["GET", "POST"],
  signin: ["GET", "POST"],
  [`signin/${CREDENTIALS_PROVIDER_ID}`]: ["GET", "POST"],
  signout: ["GET", "POST"],
  [`callback/${CREDENTIALS_PROVIDER_ID}`]: ["POST"],
  error: ["GET"],
  // Not `_log`: next-auth's client-side log forwarding takes any text at any level without a CSRF
  // token (log injection); the dashboard does without it.
};

/** The methods next-auth serves on /api/auth/<segments>, or undefined for a path it does not serve. */
export function nextAuthMethods(segments: readonly string[]): readonly string[] | undefined {
  const path = segments.join("/");
  return Object.hasOwn(NEXT_AUTH_PATHS, path) ? NEXT_AUTH_PATHS[path] : undefined;
}

/** The jwt callback's refusal of a cookie whose server-side session has ended. */
class SessionEndedError extends Error {
  override name = "SessionEndedError";
  constructor() {
    super("the session of this cookie has ended");
  }
}

/**
 * Whether the server-side session behind a cookie has ended (signed out, revoked, expired). A
 * database that cannot be reached says nothing: the cookie stays (the dashboard's own calls answer
 * 503 meanwhile) rather than signing the browser out.
 */
async function sessionHasEnded(sessionToken: string): Promise<boolean> {
  try {
    await authenticateSession(await getDatabase(), sessionToken);
    return false;
  } catch (error) {
    return error instanceof AppError && error.status === 401;
  }
}

let options: AuthOptions | undefined;

/** next-auth's configuration, built on first use so that a missing secret fails the request, not the build. */
export function getAuthOptions(): AuthOptions {
  options ??= {
    secret: authSecret(),
    useSecureCookies: SECURE_COOKIES,
    session: { strategy: "jwt", maxAge: SESSION_LIFETIME_DAYS * 24 * 60 * 60 },
    // next-auth's own pages are HTML under /api, where every answer is JSON (its error page even a
    // 500 for ?error=Configuration): they send the browser to the dashboard's sign-in page instead.
    pages: { signIn: "/sign-in", signOut: "/sign-in", error: "/sign-in" },
    providers: [
      CredentialsProvider({
        id: CREDENTIALS_PROVIDER_ID,
        name: "e-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          const email = credentials?.email?.trim();
          const password = credentials?.password;
          if (!email || !password || hasControlCharacters(email) || hasControlCharacters(password)) return null;
          const db = await getDatabase();
          // Failed attempts count against the client address's and the account's budgets, like POST /api/v1/auth/sessions.
          const ctx = createContext({ db, requestId: randomUUID(), headers: requestHeaders(req.headers) });
          try {
            const session = await signInLimited(ctx, email, () =>
              signIn(db, { email, password, userAgent: ctx.userAgent }),
            );
            return { id: session.userId, email: normaliseEmail(email), sessionToken: session.token };
          } catch (error) {
            if (error instanceof AppError && error.code === "INVALID_CREDENTIALS") return null;
            const known = error instanceof AppError ? error : databaseAppError(error);
            if (known?.code === "SERVICE_UNAVAILABLE")
              logger.warn({ requestId: ctx.requestId }, "dashboard sign-in: database unreachable");
            // next-auth hands a thrown message to the sign-in form as `error`: send codes, never internals.
            if (known) throw new Error(known.code, { cause: error });
            logger.error({ err: error, requestId: ctx.requestId }, "dashboard sign-in failed");
            throw new Error("INTERNAL_ERROR", { cause: error });
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user?.sessionToken) token.sessionToken = user.sessionToken;
        // A cookie copied before signing out (or a password change) must not read as signed in.
        else if (token.sessionToken && (await sessionHasEnded(token.sessionToken))) throw new SessionEndedError();
        return token;
      },
      // After sign-in and sign-out: a page of ours, whatever the form or a link asked for.
      redirect({ url, baseUrl }) {
        return sameOriginUrl(url, baseUrl) ?? baseUrl;
      },
      // What the browser sees (/api/auth/session, getServerSession): never the session token.
      session({ session, token }): Session {
        return { expires: session.expires, user: { id: token.sub ?? "", email: token.email ?? "" } };
      },
    },
    events: {
      async signOut({ token }) {
        if (!token?.sessionToken) return;
        // By the token, not through authentication: a member removed from the workspace signs out too.
        const db = await getDatabase();
        await endSessionByToken(db, token.sessionToken);
      },
    },
    logger: {
      error: (code, metadata) => {
        const err = metadata instanceof Error ? metadata : metadata.error;
        // next-auth logs the jwt callback's refusal of an ended session as an error, then answers "signed out".
        if (err instanceof SessionEndedError)
          logger.info({ code }, "next-auth: a cookie of an ended session was answered as signed out");
        else logger.error({ code, err }, "next-auth error");
      },
      warn: (code) => logger.warn({ code }, "next-auth warning (https://next-auth.js.org/warnings)"),
      debug: () => undefined,
    },
  };
  return options;
}

/** The signed-in dashboard user (id and e-mail), or null. */
export function getDashboardSession(): Promise<Session | null> {
  return getServerSession(getAuthOptions());
}

/**
 * Whether this request (a page's) carries a session cookie at all: with no session to show, the
 * browser's session ended (signed out elsewhere, password changed) rather than never began.
 */
export async function hasSessionCookie(): Promise<boolean> {
  return (await cookies()).getAll().some(({ name }) => name.startsWith(SESSION_COOKIE));
}

/** The server-side session token inside the request's next-auth cookie, or null. */
export async function readSessionToken(req: NextRequest): Promise<string | null> {
  if (!req.cookies.getAll().some(({ name }) => name.startsWith(SESSION_COOKIE))) return null;
  const jwt = await getToken({ req, secret: authSecret(), secureCookie: SECURE_COOKIES, cookieName: SESSION_COOKIE });
  return typeof jwt?.sessionToken === "string" ? jwt.sessionToken : null;
}
