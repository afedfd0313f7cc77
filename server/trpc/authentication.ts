/**
 * Who is calling, checked once per call and counted against the budgets (docs/api.md "Security"):
 * personal access tokens (REST, MCP), session tokens (the dashboard and scripts), and password
 * sign-ins, whose failures count per client address and per account.
 */
import {
  authenticatePat,
  authenticateSession,
  bearerTokenOrNull,
  readBearerToken,
  type PatCaller,
  type SessionCaller,
} from "../domain/identity/authenticate";
import type { Scope } from "../domain/identity/scopes";
import { parseToken } from "../domain/identity/tokens";
import { AppError } from "../errors";
import { withKeyLocks } from "../keyed-lock";
import { assertNotExhausted, consume, emailKey, getRateLimiters } from "../rate-limit";
import type { Context } from "./context";

export function requireToken(ctx: Context): string {
  const token = readBearerToken(ctx.authorization);
  if (token === null) throw new AppError("TOKEN_MISSING", "Send 'Authorization: Bearer <token>'.");
  return token;
}

function setHeaders(ctx: Context, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) ctx.response.headers.set(name, value);
}

/**
 * Runs an authentication step; a 401 it ends with counts against the client address's budget of
 * failed attempts, and an address that spent it gets 429 before its credentials are even checked.
 */
export async function authenticateLimited<T>(ctx: Context, authenticate: () => Promise<T>): Promise<T> {
  const { failedAuth } = getRateLimiters();
  const address = ctx.clientAddress ?? "unknown";
  await assertNotExhausted(failedAuth, address);
  try {
    return await authenticate();
  } catch (error) {
    if (error instanceof AppError && error.status === 401) setHeaders(ctx, await consume(failedAuth, address));
    throw error;
  }
}

/** The session of the request's bearer token, counted against its rate limit. */
export async function authorizeSession(ctx: Context): Promise<SessionCaller> {
  const caller = await authenticateLimited(ctx, () => authenticateSession(ctx.db, requireToken(ctx)));
  await chargeSession(ctx, caller.sessionId);
  return caller;
}

/** Spends one unit of a session's rate limit. */
export async function chargeSession(ctx: Context, sessionId: string): Promise<void> {
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `session:${sessionId}`));
}

/**
 * A sign-in attempt with a password: the client address's failed-attempt budget, and the
 * account's (keyed by the e-mail address as given, whether or not an account uses it, so the
 * answers do not tell accounts apart), so rotating addresses cannot guess one account's password.
 * A locked account answers 429 before the password is checked, even when it is right. Attempts on
 * one account or from one address are checked one at a time in this process, so attempts sent at
 * once (the calls of a batch, parallel connections) cannot all pass the check before any failure
 * counts.
 */
export async function signInLimited<T>(ctx: Context, email: string, attempt: () => Promise<T>): Promise<T> {
  const { failedSignIn } = getRateLimiters();
  const account = `account:${emailKey(email)}`;
  return withKeyLocks([`sign-in:${account}`, `sign-in:address:${ctx.clientAddress ?? "unknown"}`], async () => {
    await assertNotExhausted(failedSignIn, account);
    try {
      return await authenticateLimited(ctx, attempt);
    } catch (error) {
      if (error instanceof AppError && error.code === "INVALID_CREDENTIALS")
        await consume(failedSignIn, account).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * The PAT check of every programmatic endpoint: authentication, then the credential's rate limit,
 * then scope. A request an adapter authorized already (the MCP server, once per HTTP request
 * however many tools it calls) brings its caller: one look-up and one unit of the rate limit per
 * request, as on REST; the scope is still checked per operation.
 */
export async function authorizePat(
  ctx: Context,
  scope: Scope | null,
  alsoScopes: readonly Scope[] = [],
): Promise<PatCaller> {
  let caller: PatCaller;
  if (ctx.caller.kind === "pat") {
    caller = ctx.caller;
    // A caller handed from one surface to another would carry the wrong audience's token.
    if (caller.audience !== ctx.credentialAudience)
      throw new Error(`a ${caller.audience} caller in a ${ctx.credentialAudience} context`);
  } else {
    caller = await authenticateLimited(ctx, () =>
      authenticatePat(ctx.db, requireToken(ctx), new Date(), ctx.credentialAudience),
    );
    await chargePat(ctx, caller);
  }
  if (scope !== null && !caller.scopes.includes(scope) && !alsoScopes.some((also) => caller.scopes.includes(also))) {
    const any = alsoScopes.length > 0 ? ` (or ${alsoScopes.join(", ")})` : "";
    throw new AppError("INSUFFICIENT_SCOPE", `This token lacks the scope ${scope}${any}.`);
  }
  return caller;
}

/** Spends one unit of the credential's rate limit (per request; the MCP server also per message of a batch). */
export async function chargePat(ctx: Context, caller: PatCaller): Promise<void> {
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `pat:${caller.credentialId}`));
}

/** A session token on a surface that takes sessions: the dashboard's member; anything else is a PAT (or refused as one). */
function isSessionCall(ctx: Context): boolean {
  const token = ctx.acceptsSessions ? bearerTokenOrNull(ctx.authorization) : null;
  return token !== null && parseToken(token) === "session";
}

/**
 * A workspace operation's caller: a personal access token of the surface's audience carrying
 * `scope`, or, on the dashboard's tRPC surface, the signed-in member's session (a member may do
 * what every scope allows).
 */
export function workspaceCaller(
  ctx: Context,
  scope: Scope | null,
  alsoScopes: readonly Scope[] = [],
): Promise<PatCaller | SessionCaller> {
  return isSessionCall(ctx) ? authorizeSession(ctx) : authorizePat(ctx, scope, alsoScopes);
}
