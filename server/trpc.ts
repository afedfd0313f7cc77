import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Database } from "./db";
import {
  authenticatePat,
  authenticateSession,
  readBearerToken,
  type Caller,
  type PatCaller,
  type SessionCaller,
} from "./domain/identity/authenticate";
import type { Scope } from "./domain/identity/scopes";
import { AppError, ERROR_TABLE, errorBody, toAppError } from "./errors";
import { validateIdempotencyKey } from "./domain/idempotency/idempotency";
import { clientAddressOf } from "./http/client-address";
import { assertNotExhausted, consume, getRateLimiters } from "./rate-limit";

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
  /** Origin the client reached us at, for links we send (password reset). */
  baseUrl: string;
  response: ResponseControl;
  caller: Caller;
}

export interface CreateContextOptions {
  db: Database;
  requestId: string;
  headers: Headers;
  baseUrl: string;
  response?: ResponseControl;
}

export function createContext({ db, requestId, headers, baseUrl, response }: CreateContextOptions): Context {
  return {
    db,
    requestId,
    authorization: headers.get("authorization"),
    clientAddress: clientAddressOf(headers),
    userAgent: headers.get("user-agent"),
    idempotencyKey: headers.get("idempotency-key"),
    baseUrl,
    response: response ?? { headers: new Headers() },
    caller: { kind: "anonymous" },
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
 * Every procedure starts here: a domain AppError leaves as a TRPCError with the matching tRPC code,
 * so the dashboard's tRPC calls get 401/403/404/... instead of 500 (REST reads the AppError itself).
 */
const baseProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError && result.error.code === "INTERNAL_SERVER_ERROR") {
    const cause = result.error.cause;
    throw new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
  }
  return result;
});

export const publicProcedure = baseProcedure.meta({ auth: "none" });

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

/** Signed-in user (browser or script session token). */
export const sessionProcedure = baseProcedure.meta({ auth: "session" }).use(async ({ ctx, next }) => {
  const caller: SessionCaller = await authenticateLimited(ctx, () => authenticateSession(ctx.db.prisma, requireToken(ctx)));
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `session:${caller.sessionId}`));
  return next({ ctx: { ...ctx, caller } });
});

/**
 * The PAT check of every programmatic endpoint: authentication, then the credential's rate limit,
 * then scope. Also used by the routes outside tRPC (the multipart upload).
 */
export async function authorizePat(ctx: Context, scope: Scope | null): Promise<PatCaller> {
  const caller = await authenticateLimited(ctx, () => authenticatePat(ctx.db, requireToken(ctx)));
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `pat:${caller.credentialId}`));
  if (scope !== null && !caller.scopes.includes(scope)) {
    throw new AppError("INSUFFICIENT_SCOPE", `This token lacks the scope ${scope}.`);
  }
  return caller;
}

/** Personal access token carrying `scope` (any valid token when null), checked before input. */
export function patProcedure(scope: Scope | null) {
  return baseProcedure.meta({ auth: "pat", scope: scope ?? undefined }).use(async ({ ctx, next }) => {
    const caller = await authorizePat(ctx, scope);
    return next({ ctx: { ...ctx, caller } });
  });
}

/** A write reached with a PAT: scope first, then a valid Idempotency-Key, then input (CONTRACT order). */
export function idempotentPatProcedure(scope: Scope) {
  return patProcedure(scope).use(({ ctx, next }) =>
    next({ ctx: { ...ctx, idempotencyKey: validateIdempotencyKey(ctx.idempotencyKey) } }),
  );
}

export { TRPCError };
