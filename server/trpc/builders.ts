/**
 * The procedure builders every operation is declared with: who may call it (nobody in particular,
 * a session, a personal access token with a scope, the dashboard's session), in the CONTRACT's
 * order of checks (authentication, scope, Idempotency-Key, input), and how a domain failure
 * leaves as a tRPC error.
 */
import { randomUUID } from "node:crypto";
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from "@trpc/server";
import { validateIdempotencyKey } from "../domain/idempotency/idempotency";
import { findSessionHolder } from "../domain/identity/authenticate";
import type { Scope } from "../domain/identity/scopes";
import { AppError, databaseAppError, ERROR_TABLE, errorBody, toAppError } from "../errors";
import { findInputProblem, LONE_SURROGATE_MESSAGE, MAX_INPUT_DEPTH } from "../routers/shared/user-text";
import { unknownFields, unknownFieldsError } from "../routers/shared/unknown-fields";
// zod's messages in plain words for every procedure's input (REST, tRPC and MCP).
import "../routers/shared/plain-messages";
import {
  authenticateLimited,
  authorizePat,
  authorizeSession,
  chargeSession,
  requireToken,
  workspaceCaller,
} from "./authentication";
import type { Context, Meta } from "./context";
import { CONTROL_CHARACTER_MESSAGE } from "../domain/user-text";

/** Why session procedures are not MCP tools. */
const SESSION_NOT_ON_MCP = "needs a signed-in session: the MCP server takes mcp credentials (pfm_ tokens) only";

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      const appError = toAppError(error);
      const envelope = errorBody(appError.code, appError.message, ctx?.requestId ?? "", appError.issues);
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
 * request, more than anything else the framework does for a cached read: the builders
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
async function checkedInput(
  ctx: Context,
  getRawInput: () => Promise<unknown>,
): Promise<(() => Promise<unknown>) | null> {
  if (ctx.bodyProblem) throw ctx.bodyProblem;
  const given = await getRawInput();
  const raw = ctx.readBody ? { ...(given as object | undefined), ...(await ctx.readBody()) } : given;
  const problem = findInputProblem(raw);
  if (!problem && ctx.strictInput) {
    const unknown = unknownFields(ctx.strictInput, raw);
    if (unknown.length > 0) throw unknownFieldsError(unknown);
  }
  if (problem) {
    const what =
      problem.problem === "too_deep"
        ? `nested more than ${MAX_INPUT_DEPTH} levels deep`
        : problem.problem === "lone_surrogate"
          ? LONE_SURROGATE_MESSAGE
          : CONTROL_CHARACTER_MESSAGE;
    throw new AppError("VALIDATION_FAILED", `Validation failed: ${problem.path.join(".") || "body"}: ${what}`, {}, [
      { path: problem.path, code: problem.problem, message: what },
    ]);
  }
  return ctx.readBody ? async () => raw : null;
}

export const publicProcedure = checkedProcedure(async () => ({})).meta({
  auth: "none",
  notOn: { mcp: "comes before any credential (sign-up, sign-in, health): an MCP client already holds its token" },
});

/** Signed-in user, before the input check: for builders that add their own permission check (owners). */
export const sessionAuthenticated = baseProcedure
  .meta({ auth: "session", notOn: { mcp: SESSION_NOT_ON_MCP } })
  .use(async ({ ctx, next }) => {
    const caller = await authorizeSession(ctx);
    return next({ ctx: { caller } });
  });

/** Signed-in user (browser or script session token). */
export const sessionProcedure = sessionAuthenticated.use(inputChecked);

/**
 * The dashboard's own forms and views: editing, archiving, pickers and page-shaped
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
    const holder = await authenticateLimited(ctx, () => findSessionHolder(ctx.db, requireToken(ctx)));
    await chargeSession(ctx, holder.sessionId);
    return next({ ctx: { holder } });
  })
  .use(inputChecked);

/** A workspace operation's caller (authentication.ts workspaceCaller), before the input check. */
function workspaceAuthorized(scope: Scope | null) {
  return baseProcedure
    .meta({ auth: "pat", scope: scope ?? undefined })
    .use(async ({ ctx, next }) => next({ ctx: { caller: await workspaceCaller(ctx, scope) } }));
}

/** A personal access token only, never a session: operations about the calling token itself. */
export function patProcedure(scope: Scope | null) {
  return baseProcedure
    .meta({
      auth: "pat",
      scope: scope ?? undefined,
      notOn: {
        dashboard:
          "about the calling token itself: a session has none (the dashboard lists tokens with credentials.list)",
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
export function workspaceProcedure(scope: Scope | null, alsoScopes: Scope[] = []) {
  return checkedProcedure(async (ctx) => ({ caller: await workspaceCaller(ctx, scope, alsoScopes) })).meta({
    auth: "pat",
    scope: scope ?? undefined,
    ...(alsoScopes.length > 0 ? { alsoScopes } : {}),
  });
}

/**
 * The write's Idempotency-Key: the caller's, checked; a dashboard session that sent none gets a
 * fresh one, so its call runs the same claim-effect-completion path but is never a replay.
 */
export function writeKey(ctx: Pick<Context, "idempotencyKey"> & { caller: { kind: string } }): string {
  return ctx.caller.kind === "session" && ctx.idempotencyKey === null
    ? `session-${randomUUID()}`
    : validateIdempotencyKey(ctx.idempotencyKey);
}

/**
 * What identifies a write's records and answers: "POST /api/v1/..." (the key space and fingerprint of
 * its Idempotency-Keys) and the status its success is stored and replayed with. From the meta, so the
 * path is written once.
 */
export function writtenOperation(meta: Meta | undefined): WrittenOperation {
  if (!meta?.openapi) throw new Error("an idempotent write needs its meta.openapi");
  return { endpoint: `${meta.openapi.method} ${meta.openapi.path}`, status: meta.successStatus ?? 200 };
}

export interface WrittenOperation {
  endpoint: string;
  status: number;
}

/**
 * A workspace write: scope first, then a valid Idempotency-Key, then input (CONTRACT order). The
 * dashboard's session may leave the key out: its call then gets a fresh key, so it runs through
 * the same claim-effect-completion path but is never a replay.
 */
export function idempotentWorkspaceProcedure(scope: Scope) {
  return workspaceAuthorized(scope)
    .meta({ idempotent: true })
    .use(({ ctx, meta, next }) => next({ ctx: { idempotencyKey: writeKey(ctx), operation: writtenOperation(meta) } }))
    .use(inputChecked);
}
