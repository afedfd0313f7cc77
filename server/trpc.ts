import { randomUUID } from "node:crypto";
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Database } from "./db";
import {
  authenticatePat,
  authenticateSession,
  bearerTokenOrNull,
  findSessionHolder,
  readBearerToken,
  type Caller,
  type PatCaller,
  type SessionCaller,
} from "./domain/identity/authenticate";
import type { Scope } from "./domain/identity/scopes";
import { CONTROL_CHARACTER_MESSAGE, findInputProblem, MAX_INPUT_DEPTH } from "./schemas/user-text";
// zod's messages in plain words for every procedure's input (REST, tRPC and MCP).
import "./schemas/plain-messages";
import { AppError, databaseAppError, ERROR_TABLE, errorBody, toAppError, type ErrorCode } from "./errors";
import { validateIdempotencyKey } from "./domain/idempotency/idempotency";
import type { CredentialAudience } from "./domain/identity/credentials";
import { parseToken } from "./domain/identity/tokens";
import { clientAddressOf } from "./http/client-address";
import type { RequestHeaders } from "./http/rest-request";
import { withKeyLocks } from "./keyed-lock";
import { assertNotExhausted, consume, emailKey, getRateLimiters } from "./rate-limit";

/** What a procedure may say about itself beyond the OpenAPI operation. */
export type AppMeta = {
  /** Status of a successful response (default 200). */
  successStatus?: 200 | 201 | 202 | 204;
  /** Scope a personal access token needs (set by workspaceProcedure). */
  scope?: Scope;
  /**
   * Error codes the procedure answers beyond those of its kind (bad input, authentication, scope,
   * an id in the path, the Idempotency-Key: server/openapi/statuses.ts): what its domain throws.
   */
  errors?: ErrorCode[];
  /** Statuses other than successStatus answered with the output schema (health's 503). */
  alternateStatuses?: number[];
  /** How the caller authenticates, for the OpenAPI document's security requirement. */
  auth?: "none" | "session" | "pat";
  /** A write that takes an Idempotency-Key (set by idempotentWorkspaceProcedure); MCP tools ask for it as an argument. */
  idempotent?: boolean;
  /**
   * The surfaces an operation is deliberately not served on, each with the reason; every other
   * operation is on REST (an OpenAPI path), on MCP (a tool) and on the dashboard's tRPC with a
   * session (server/routers/surfaces.test.ts walks them all).
   */
  notOn?: { rest?: string; mcp?: string; dashboard?: string };
};

/** Why session procedures are not MCP tools. */
const SESSION_NOT_ON_MCP = "needs a signed-in session: the MCP server takes mcp credentials (pfm_ tokens) only";

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
  /** The raw Idempotency-Key header; idempotentWorkspaceProcedure validates it. */
  idempotencyKey: string | null;
  /** Which personal access tokens this surface takes: REST programmatic_api (pfa_), the MCP server mcp (pfm_). */
  credentialAudience: CredentialAudience;
  /**
   * Whether a workspace operation also takes a session token: on the dashboard's tRPC surface,
   * where the signed-in member calls the same operations REST and MCP serve; never on REST or MCP.
   */
  acceptsSessions: boolean;
  response: ResponseControl;
  caller: Caller;
  /**
   * A request body the REST adapter could not take (malformed JSON, not JSON): answered 400 after
   * authentication and scope, in the CONTRACT's order, by the procedure's input check.
   */
  bodyProblem: AppError | null;
  /**
   * A body the REST adapter reads only once the caller is authorized (multipart: a statement
   * file): inputChecked reads it into the procedure's input, after authentication, scope and the
   * Idempotency-Key, so a stranger's 10 MiB is never read.
   */
  readBody: (() => Promise<Record<string, unknown>>) | null;
}

export interface CreateContextOptions {
  db: Database;
  requestId: string;
  headers: RequestHeaders;
  response?: ResponseControl;
  bodyProblem?: AppError | null;
  credentialAudience?: CredentialAudience;
  acceptsSessions?: boolean;
  readBody?: Context["readBody"];
  /** A personal access token's caller an adapter authorized already (authorizePat); anonymous otherwise. */
  caller?: PatCaller;
}

export function createContext(options: CreateContextOptions): Context {
  const { db, requestId, headers, response, bodyProblem, credentialAudience, acceptsSessions, readBody, caller } = options;
  return {
    db,
    requestId,
    authorization: headers.get("authorization"),
    clientAddress: clientAddressOf(headers),
    userAgent: headers.get("user-agent"),
    idempotencyKey: headers.get("idempotency-key"),
    credentialAudience: credentialAudience ?? "programmatic_api",
    acceptsSessions: acceptsSessions ?? false,
    response: response ?? { headers: new Headers() },
    caller: caller ?? { kind: "anonymous" },
    bodyProblem: bodyProblem ?? null,
    readBody: readBody ?? null,
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
  if (!result.ok) throwDomainError(result.error);
  return result;
});

/** Throws the TRPCError of a failure that carries a domain AppError or an unreachable database; returns for any other. */
function throwDomainError(error: TRPCError): void {
  if (error.code !== "INTERNAL_SERVER_ERROR") return;
  const cause = error.cause instanceof AppError ? error.cause : databaseAppError(error.cause);
  if (cause) throw new TRPCError({ code: ERROR_TABLE[cause.code].trpc, message: cause.message, cause });
}

/**
 * baseProcedure, `steps` and inputChecked as one middleware. tRPC copies its call options and the
 * context (with property-by-property spreads) at every middleware, about 5 µs of CPU each on every
 * request, more than anything else the framework does for a cached read (issue 18): the builders
 * every read and most writes go through run their steps here, in the same order, with the same
 * errors. `steps` returns what it adds to the context.
 */
function checkedProcedure<Added extends Record<string, unknown>>(steps: (ctx: Context) => Promise<Added>) {
  return t.procedure.use(async ({ ctx, getRawInput, next }) => {
    const checked = async () => {
      const added = await steps(ctx);
      const raw = await checkedInput(ctx, getRawInput);
      // tRPC's types take a context or a raw input per call; its runtime takes both (callRecursive).
      const options = raw ? { ctx: added, getRawInput: raw } : { ctx: added };
      return next(options);
    };
    const result = await checked().catch((cause: unknown) => {
      const error = getTRPCErrorFromUnknown(cause);
      throwDomainError(error);
      throw error;
    });
    if (!result.ok) throwDomainError(result.error);
    return result;
  });
}

/**
 * The last step before a procedure's input is parsed, after authentication and scope: a body the
 * adapter could not read, or reads only now (ctx.readBody), and any string of the raw input holding
 * control characters (NUL cannot even be stored), answer 400 naming the field.
 */
export const inputChecked = t.middleware(async ({ ctx, getRawInput, next }) => {
  const raw = await checkedInput(ctx, getRawInput);
  return raw ? next({ getRawInput: raw }) : next();
});

/** inputChecked's check; the raw input to hand on when it read a body (ctx.readBody), else null. */
async function checkedInput(ctx: Context, getRawInput: () => Promise<unknown>): Promise<(() => Promise<unknown>) | null> {
  if (ctx.bodyProblem) throw ctx.bodyProblem;
  const given = await getRawInput();
  const raw = ctx.readBody ? { ...(given as object | undefined), ...(await ctx.readBody()) } : given;
  const problem = findInputProblem(raw);
  if (problem) {
    const what = problem.problem === "too_deep" ? `nested more than ${MAX_INPUT_DEPTH} levels deep` : CONTROL_CHARACTER_MESSAGE;
    throw new AppError("VALIDATION_FAILED", `Validation failed: ${problem.path || "body"}: ${what}`);
  }
  return ctx.readBody ? async () => raw : null;
}

export const publicProcedure = checkedProcedure(async () => ({})).meta({
  auth: "none",
  notOn: { mcp: "comes before any credential (sign-up, sign-in, health): an MCP client already holds its token" },
});

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

/** The session of the request's bearer token, counted against its rate limit. */
async function authorizeSession(ctx: Context): Promise<SessionCaller> {
  const caller = await authenticateLimited(ctx, () => authenticateSession(ctx.db.prisma, requireToken(ctx)));
  await chargeSession(ctx, caller.sessionId);
  return caller;
}

/** Spends one unit of a session's rate limit. */
async function chargeSession(ctx: Context, sessionId: string): Promise<void> {
  setHeaders(ctx, await consume(getRateLimiters().perCaller, `session:${sessionId}`));
}

/** Signed-in user, before the input check: for builders that add their own permission check (owners). */
export const sessionAuthenticated = baseProcedure.meta({ auth: "session", notOn: { mcp: SESSION_NOT_ON_MCP } }).use(async ({ ctx, next }) => {
  const caller = await authorizeSession(ctx);
  return next({ ctx: { caller } });
});

/** Signed-in user (browser or script session token). */
export const sessionProcedure = sessionAuthenticated.use(inputChecked);

/**
 * The dashboard's own forms and views (manage.*): editing, archiving, pickers and page-shaped
 * lists over the same domain functions. The workspace operations the spec defines are
 * workspaceProcedure, which the dashboard calls too. Before the input check, for procedures that
 * spend a budget of their own before a body is read (the import editor's inspections).
 */
export const dashboardAuthenticated = sessionAuthenticated.meta({
  notOn: {
    rest: "the dashboard's own forms and views, not an operation of the public API (its reads are the workspace operations)",
    mcp: SESSION_NOT_ON_MCP,
  },
});

export const dashboardProcedure = dashboardAuthenticated.use(inputChecked);

/**
 * The holder of a session token, whatever became of it or of its membership: signing out must
 * work for a member removed from the workspace and for a session already ended (CONTRACT order
 * still holds: a missing, malformed or unknown token is 401).
 */
export const sessionHolderProcedure = baseProcedure
  .meta({ auth: "session", notOn: { mcp: SESSION_NOT_ON_MCP } })
  .use(async ({ ctx, next }) => {
    const holder = await authenticateLimited(ctx, () => findSessionHolder(ctx.db.prisma, requireToken(ctx)));
    await chargeSession(ctx, holder.sessionId);
    return next({ ctx: { holder } });
  })
  .use(inputChecked);

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
      if (error instanceof AppError && error.code === "INVALID_CREDENTIALS") await consume(failedSignIn, account).catch(() => undefined);
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
export async function authorizePat(ctx: Context, scope: Scope | null): Promise<PatCaller> {
  let caller: PatCaller;
  if (ctx.caller.kind === "pat") {
    caller = ctx.caller;
    // A caller handed from one surface to another would carry the wrong audience's token.
    if (caller.audience !== ctx.credentialAudience) throw new Error(`a ${caller.audience} caller in a ${ctx.credentialAudience} context`);
  } else {
    caller = await authenticateLimited(ctx, () => authenticatePat(ctx.db, requireToken(ctx), new Date(), ctx.credentialAudience));
    await chargePat(ctx, caller);
  }
  if (scope !== null && !caller.scopes.includes(scope)) {
    throw new AppError("INSUFFICIENT_SCOPE", `This token lacks the scope ${scope}.`);
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
function workspaceAuthorized(scope: Scope | null) {
  return baseProcedure.meta({ auth: "pat", scope: scope ?? undefined }).use(async ({ ctx, next }) => next({ ctx: { caller: await workspaceCaller(ctx, scope) } }));
}

function workspaceCaller(ctx: Context, scope: Scope | null): Promise<PatCaller | SessionCaller> {
  return isSessionCall(ctx) ? authorizeSession(ctx) : authorizePat(ctx, scope);
}

/** A personal access token only, never a session: operations about the calling token itself. */
export function patProcedure(scope: Scope | null) {
  return baseProcedure
    .meta({
      auth: "pat",
      scope: scope ?? undefined,
      notOn: {
        dashboard: "about the calling token itself: a session has none (the dashboard lists tokens with credentials.list)",
        mcp: "about the calling REST token itself: an MCP client sees what its token may do as the tools it lists",
      },
    })
    .use(async ({ ctx, next }) => next({ ctx: { caller: await authorizePat(ctx, scope) } }))
    .use(inputChecked);
}

/**
 * The one definition of a workspace operation (token carrying `scope`, any valid token when null),
 * checked before input: REST serves it (pfa_ tokens), the MCP server as a tool (pfm_ tokens) and
 * the dashboard over tRPC (session).
 */
export function workspaceProcedure(scope: Scope | null) {
  return checkedProcedure(async (ctx) => ({ caller: await workspaceCaller(ctx, scope) })).meta({ auth: "pat", scope: scope ?? undefined });
}

/**
 * A workspace write: scope first, then a valid Idempotency-Key, then input (CONTRACT order). The
 * dashboard's session may leave the key out: its call then gets a fresh key, so it runs through
 * the same claim-effect-completion path but is never a replay.
 */
export function idempotentWorkspaceProcedure(scope: Scope) {
  return workspaceAuthorized(scope)
    .meta({ idempotent: true })
    .use(({ ctx, next }) => {
      const unkeyedSession = ctx.caller.kind === "session" && ctx.idempotencyKey === null;
      const idempotencyKey = unkeyedSession ? `session-${randomUUID()}` : validateIdempotencyKey(ctx.idempotencyKey);
      return next({ ctx: { idempotencyKey } });
    })
    .use(inputChecked);
}

export { TRPCError };
