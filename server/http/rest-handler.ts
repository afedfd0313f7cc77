import type { AnyRouter } from "@trpc/server";
import type { Database } from "../db";
import { AppError, appErrorOf } from "../errors";
import { logger } from "../logger";
import { procedureEntries, restProcedures, type OperationMeta } from "../routers";
import { createContext, type ResponseControl } from "../trpc";
import { requestIdFor } from "./request-id";
import { env } from "../env";
import { spendAddressBudget } from "./address-budget";
import { assertDeclaredLength, prepareJsonBody, type PreparedJsonBody } from "./request-body";
import { errorResponse, errorResponseFor, methodNotAllowed } from "./responses";
import { securityHeaders } from "./security-headers";
import { answerFormOperation, formOperation, type FormOperation } from "./form-operation";
import { documentedErrorCodes } from "../openapi/statuses";
import { pinBodyCoercion } from "./body-coercion";
import { createOpenApiAdapter, type OpenApiAdapter, type OpenApiAnswer } from "./openapi-adapter";

interface Operation {
  method: string;
  pattern: RegExp;
  meta: OperationMeta;
  /** An operation whose body is multipart/form-data: answered through answerFormOperation. */
  form: FormOperation | null;
}

const isForm = (meta: OperationMeta) => meta.openapi.contentTypes?.includes("multipart/form-data") ?? false;

const TAKES_BODY = new Set(["POST", "PUT", "PATCH"]);

function compileOperations(router: AnyRouter): Operation[] {
  const inputsOf = new Map(procedureEntries(router).map((entry) => [entry.path, entry.inputs]));
  return restProcedures(router).map(({ path, meta }) => {
    if (TAKES_BODY.has(meta.openapi.method)) inputsOf.get(path)?.forEach((input) => pinBodyCoercion(input));
    const source = meta.openapi.path
      .split("/")
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("/");
    const form = isForm(meta) ? formOperation(router, path, meta.successStatus ?? 200) : null;
    return { method: meta.openapi.method, pattern: new RegExp(`^${source}$`), meta, form };
  });
}

export interface RestHandlerOptions {
  router: AnyRouter;
  getDatabase: () => Promise<Database>;
  /**
   * What answers an operation through trpc-to-openapi; by default built once from `router`
   * (openapi-adapter.ts). Its test hands in the library's own adapter to hold the two to the same bytes.
   */
  adapter?: OpenApiAdapter;
}

export interface RestHandler {
  (request: Request): Promise<Response>;
  /** True when `method` on `pathname` is one of the router's REST operations. */
  serves(method: string, pathname: string): boolean;
  /** The methods of the router's REST operations on `pathname` (none for a path it does not serve). */
  allowed(pathname: string): string[];
}

/**
 * The REST surface: a router through trpc-to-openapi, with every error rewritten into the
 * spec's body and every response carrying X-Request-Id.
 */
export function createRestHandler({ router, getDatabase, adapter }: RestHandlerOptions): RestHandler {
  const operations = compileOperations(router);
  const answerOpenApi = adapter ?? createOpenApiAdapter(router);

  function matchOperation(method: string, pathname: string) {
    // One trailing slash is ignored, as the adapter ignores it; "//" is no path of ours.
    const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    const onPath = operations.filter((operation) => operation.pattern.test(path));
    return {
      operation: onPath.find((operation) => operation.method === method),
      allowed: [...new Set(onPath.map((operation) => operation.method))],
    };
  }

  async function handleRestRequest(request: Request): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const pathname = new URL(request.url).pathname;
    const response = await respond(request, requestId, pathname);
    for (const [name, value] of Object.entries(securityHeaders())) response.headers.set(name, value);
    if (response.status >= 400) await checkDocumented(request.method, pathname, response, requestId);
    // The access log: never headers or bodies, so no token can reach it.
    logger.info(
      { requestId, method: request.method, path: pathname, status: response.status, ms: Math.round(performance.now() - started) },
      "request",
    );
    return response;
  }

  /**
   * Every /api answer carries a budget: the one a procedure spent (credential, session, failed
   * authentication, sign-up...), else the client address's. A request without credentials spends
   * the address's budget before anything else, so an address that spent it is refused at once.
   */
  async function respond(request: Request, requestId: string, pathname: string): Promise<Response> {
    let budget: Record<string, string> | null = null;
    if (!request.headers.has("authorization")) {
      try {
        budget = await spendAddressBudget(request.headers, { refuse: true });
      } catch (error) {
        if (error instanceof AppError) return errorResponse(error, requestId);
        throw error;
      }
    }
    const response = await answer(request, requestId, pathname);
    if (!response.headers.has("ratelimit-limit")) {
      budget ??= await spendAddressBudget(request.headers, { refuse: false });
      for (const [name, value] of Object.entries(budget)) response.headers.set(name, value);
    }
    return response;
  }

  async function answer(request: Request, requestId: string, pathname: string): Promise<Response> {
    const { operation, allowed } = matchOperation(request.method, pathname);
    if (!operation) {
      return allowed.length > 0
        ? methodNotAllowed(request, requestId, allowed)
        : errorResponseFor("ROUTE_NOT_FOUND", `No endpoint answers ${request.method} ${pathname}.`, requestId);
    }

    const control: ResponseControl = { headers: new Headers() };
    let failure: unknown;
    try {
      if (operation.form) {
        const db = await getDatabase();
        return await answerFormOperation(request, operation.form, { db, requestId, headers: request.headers, response: control });
      }
      const { request: readable, problem } = await readJsonBody(request);
      const db = await getDatabase();
      // Procedures carry full paths (/api/v1/...), so the URL goes to the adapter as it is.
      const answered = await answerOpenApi(readable, {
        createContext: () => createContext({ db, requestId, headers: request.headers, response: control, bodyProblem: problem }),
        onError: (error) => {
          failure = error;
        },
      });
      if (answered.status < 400 && failure === undefined) {
        return finish(answered, operation, control, requestId);
      }
    } catch (error) {
      failure = error;
    }
    const appError = appErrorOf(failure);
    if (appError.status === 503) {
      logger.warn({ requestId, method: request.method, path: pathname }, "database unreachable");
    } else if (appError.status >= 500) {
      logger.error({ err: failure, requestId, method: request.method, path: pathname }, "request failed");
    }
    return errorResponse(appError, requestId, control.headers);
  }

  /**
   * The OpenAPI document lists every error code an operation answers (server/openapi/statuses.ts):
   * an answer outside that list is a fault of the document or of the table, logged for the HTTP
   * suite (which fails on it) and for operators. Error bodies are small; success is not read.
   */
  async function checkDocumented(method: string, pathname: string, response: Response, requestId: string): Promise<void> {
    const { operation } = matchOperation(method, pathname);
    if (!operation || operation.meta.alternateStatuses?.includes(response.status)) return;
    const code = await response
      .clone()
      .json()
      .then((body: { code?: unknown }) => body.code)
      .catch(() => undefined);
    if (typeof code !== "string" || !(documentedErrorCodes(operation.meta) as string[]).includes(code)) {
      logger.error({ requestId, operationId: operation.meta.openapi.operationId, status: response.status, code }, "undocumented status");
    }
  }

  return Object.assign(handleRestRequest, {
    serves: (method: string, pathname: string) => matchOperation(method, pathname).operation !== undefined,
    allowed: (pathname: string) => matchOperation("", pathname).allowed,
  });
}

/** JSON bodies are read here, capped, so the adapter never reads an unbounded one (GET and DELETE take none). */
async function readJsonBody(request: Request): Promise<PreparedJsonBody> {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "DELETE") {
    assertDeclaredLength(request, env.MAX_JSON_BODY_BYTES);
    return { request, problem: null };
  }
  return prepareJsonBody(request, env.MAX_JSON_BODY_BYTES);
}

function finish(answered: OpenApiAnswer, operation: Operation, control: ResponseControl, requestId: string): Response {
  const status = control.status ?? operation.meta.successStatus ?? answered.status;
  const { headers } = answered;
  control.headers.forEach((value, name) => headers.set(name, value));
  headers.set("x-request-id", requestId);
  if (status === 204) {
    headers.delete("content-type");
    return new Response(null, { status, headers });
  }
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(answered.body ?? "", { status, headers });
}
