import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Database } from "./db";
import {
  authenticatePat,
  authenticateSession,
  findSessionHolder,
  readBearerToken,
  type Caller,
  type PatCaller,
  type SessionCaller,
} from "./domain/identity/authenticate";
import type { Scope } from "./domain/identity/scopes";
import { CONTROL_CHARACTER_MESSAGE, findInputProblem, MAX_INPUT_DEPTH } from "./schemas/user-text";
import { AppError, databaseAppError, ERROR_TABLE, errorBody, toAppError } from "./errors";
import { validateIdempotencyKey } from "./domain/idempotency/idempotency";
import type { CredentialAudience } from "./domain/identity/credentials";
import { clientAddressOf } from "./http/client-address";
import { assertNotExhausted, consume, emailKey, getRateLimiters } from "./rate-limit";

/** What a procedure may say about itself beyond the OpenAPI operation. */
export type AppMeta = {
  /** Status of a successful response (default 200). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Scope a personal access token needs (set by patProcedure). */
  scope?: Scope;
  /** Statuses other than successStatus answered with the output schema (health's 503). */
  alternateStatuses?: number[];
  /** How the caller authenticates, for the OpenAPI document's security requirement. */
  auth?: "none" | "session" | "pat";
  /** A write that takes an Idempotency-Key (set by idempotentPatProcedure); MCP tools ask for it as an argument. */
  idempotent?: boolean;
};

export type Meta = OpenApiMeta<AppMeta>;

/** Mutable response details a procedure can set (status, headers). */
export interface ResponseControl {
  status?: number;
  headers: Headers;
}

export interface Context {
  db: Database;
  requestId: string;
  /** The raw Authorization header; the procedure builders resolve it into `caller`. */
  authorization: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  /** The raw Idempotency-Key header; idempotentProcedure validates it. */
  idempotencyKey: string | null;
  /** Which personal access tokens this surface takes: REST programmatic_api (pfa_), the MCP server mcp (pfm_). */
  credentialAudience: CredentialAudience;
  response: ResponseControl;
  caller: Caller;
  /**
   * A request body the REST adapter could not take (malformed JSON, not JSON): answered 400 after
   * authentication and scope, in the CONTRACT's order, by the procedure's input check.
   */
  bodyProblem: AppError | null;
}

export interface CreateContextOptions {
  db: Database;
  requestId: string;
  headers: Headers;
  response?: ResponseControl;
  bodyProblem?: AppError | null;
  credentialAudience?: CredentialAudience;
}

export function createContext({ db, requestId, headers, response, bodyProblem, credentialAudience }: CreateContextOptions): Context {
  return {
    db,
    requestId,
    authorization: headers.get("authorization"),
    clientAddress: clientAddressOf(headers),
    userAgent: headers.get("user-agent"),
    idempotencyKey: headers.get("idempotency-key"),
    credentialAudience: credentialAudience ?? "programmatic_api",
    response: response ?? { headers: new Headers() },
    caller: { kind: "anonymous" },
    bodyProblem: bodyProblem ?? null,
  };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const appError = toAppError(error);
      const envelope = errorBody(appError.code, appError.message, ctx?.requestId ?? "");
      // The REST wrapper replies with `envelope`; the dashboard's tRPC client reads `data`.
      return {
        ...shape,
        message: envelope.message,
        data: { ...shape.data, stack: undefined, appCode: envelope.code, requestId: envelope.request_id },
        envelope,
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * Every procedure starts here: a domain AppError (or a database that cannot be reached) leaves as a
 * TRPCError with the matching tRPC code, so the dashboard's tRPC calls get 401/403/404/503/...
 * instead of 500 (REST reads the AppError itself).
 */
const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") {
    const cause = result.error.cause instanceof AppError ? result.error.cause : databaseAppError(result.error.cause);
    if (cause) throw new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

/**
 * The last step before a procedure's input is parsed, after authentication and scope: a body the
 * adapter could not read, and any string of the raw input holding control characters (NUL cannot
 * even be stored), answer 400 naming the field.
 */
export const inputChecked = t.middleware(async ({ ctx, getRawInput, next }) => {
  if (ctx.bodyProblem) throw ctx.bodyProblem;
  const problem = findInputProblem(await getRawInput());
  if (problem) {
    const what = problem.problem === "too_deep" ? `nested more than ${MAX_INPUT_DEPTH} levels deep` : CONTROL_CHARACTER_MESSAGE;
    throw new AppError("VALIDATION_FAILED", `Validation failed: ${problem.path || "body"}: ${what}`);
  }
  return next();
});

export const publicProcedure = baseProcedure.meta({ auth: "none" }).use(inputChecked);

function requireToken(ctx: Context): string {
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

/** Signed-in user, before the input check: for builders that add their own permission check (owners). */
export const sessionAuthenticated = baseProcedure.meta({ auth: "session" }).use(async ({ ctx, next }) => {
  const caller: SessionCaller = await authenticateLimited(ctx, () => authenticateSession(ctx.db.prisma, requireToken(ctx)));
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `session:${caller.sessionId}`));
  return next({ ctx: { ...ctx, caller } });
});

/** Signed-in user (browser or script session token). */
export const sessionProcedure = sessionAuthenticated.use(inputChecked);

/**
 * The holder of a session token, whatever became of it or of its membership: signing out must
 * work for a member removed from the workspace and for a session already ended (CONTRACT order
 * still holds: a missing, malformed or unknown token is 401).
 */
export const sessionHolderProcedure = baseProcedure
  .meta({ auth: "session" })
  .use(async ({ ctx, next }) => {
    const holder = await authenticateLimited(ctx, () => findSessionHolder(ctx.db.prisma, requireToken(ctx)));
    setHeaders(ctx, await consume(getRateLimiters().perCaller, `session:${holder.sessionId}`));
    return next({ ctx: { ...ctx, holder } });
  })
  .use(inputChecked);

/**
 * A sign-in attempt with a password: the client address's failed-attempt budget, and the
 * account's (keyed by the e-mail address as given, whether or not an account uses it, so the
 * answers do not tell accounts apart), so rotating addresses cannot guess one account's password.
 * A locked account answers 429 before the password is checked, even when it is right.
 */
export async function signInLimited<T>(ctx: Context, email: string, attempt: () => Promise<T>): Promise<T> {
  const { failedSignIn } = getRateLimiters();
  const account = `account:${emailKey(email)}`;
  await assertNotExhausted(failedSignIn, account);
  try {
    return await authenticateLimited(ctx, attempt);
  } catch (error) {
    if (error instanceof AppError && error.code === "INVALID_CREDENTIALS") await consume(failedSignIn, account).catch(() => undefined);
    throw error;
  }
}

/**
 * The PAT check of every programmatic endpoint: authentication, then the credential's rate limit,
 * then scope. Also used by the routes outside tRPC (the multipart upload).
 */
export async function authorizePat(ctx: Context, scope: Scope | null): Promise<PatCaller> {
  const caller = await authenticateLimited(ctx, () => authenticatePat(ctx.db, requireToken(ctx), new Date(), ctx.credentialAudience));
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `pat:${caller.credentialId}`));
  if (scope !== null && !caller.scopes.includes(scope)) {
    throw new AppError("INSUFFICIENT_SCOPE", `This token lacks the scope ${scope}.`);
  }
  return caller;
}

function patAuthorized(scope: Scope | null) {
  return baseProcedure.meta({ auth: "pat", scope: scope ?? undefined }).use(async ({ ctx, next }) => {
    const caller = await authorizePat(ctx, scope);
    return next({ ctx: { ...ctx, caller } });
  });
}

/** Personal access token carrying `scope` (any valid token when null), checked before input. */
export function patProcedure(scope: Scope | null) {
  return patAuthorized(scope).use(inputChecked);
}

/** A write reached with a PAT: scope first, then a valid Idempotency-Key, then input (CONTRACT order). */
export function idempotentPatProcedure(scope: Scope) {
  return patAuthorized(scope)
    .meta({ idempotent: true })
    .use(({ ctx, next }) => next({ ctx: { ...ctx, idempotencyKey: validateIdempotencyKey(ctx.idempotencyKey) } }))
    .use(inputChecked);
}

export { TRPCError };
