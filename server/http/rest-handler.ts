import type { AnyRouter } from "@trpc/server";
import { z } from "zod";
import type { Database } from "../db";
import { AppError } from "../errors";
import { logger } from "../logger";
import { procedureEntries, restProcedures, type OperationMeta } from "../routers";
import { createContext, type ResponseControl } from "../trpc/context";
import { unknownFieldsError } from "../routers/shared/unknown-fields";
import { answerBudget, enter, refusal, type Entry } from "./entry";
import { env } from "../env";
import { spendAddressBudget } from "./address-budget";
import { assertDeclaredLength, prepareJsonBody, type PreparedJsonBody } from "./request-body";
import { errorResponse, errorResponseFor, methodNotAllowed } from "./responses";
import { securityHeaders } from "./security-headers";
import type { RestRequest } from "./rest-request";
import { answerFormOperation, formOperation, type FormOperation } from "./form-operation";
import { documentedErrorCodes } from "../openapi/statuses";
import { pinBodyCoercion } from "./body-coercion";
import { createOpenApiAdapter, type OpenApiAdapter } from "./openapi-adapter";
import { finishAnswer } from "./conditional-requests";
import { hasHeader, setHeaders, toResponse, toRestAnswer, type Answer, type RestAnswer } from "./rest-answer";

interface Operation {
  method: string;
  pattern: RegExp;
  meta: OperationMeta;
  /** An operation whose body is multipart/form-data: answered through answerFormOperation. */
  form: FormOperation | null;
  /** The input schema a request's fields and parameters are checked against (CONTRACT "Strictness"); null without one. */
  input: z.ZodType | null;
  /** Whether the input comes from the query string (a GET or DELETE with input); a query sent to any other is refused. */
  readsQuery: boolean;
}

/** No input, or z.void(): nothing a direct answer could leave unchecked. */
function takesNoInput(inputs: readonly unknown[] | undefined): boolean {
  return (inputs ?? []).every((input) => input instanceof z.ZodVoid);
}

const isForm = (meta: OperationMeta) => meta.openapi.contentTypes?.includes("multipart/form-data") ?? false;

const TAKES_BODY = new Set(["POST", "PUT", "PATCH"]);

const SECURITY_HEADERS = securityHeaders();

function compileOperations(router: AnyRouter): Operation[] {
  const inputsOf = new Map(procedureEntries(router).map((entry) => [entry.path, entry.inputs]));
  return restProcedures(router).map(({ path, meta }) => {
    if (TAKES_BODY.has(meta.openapi.method)) inputsOf.get(path)?.forEach((input) => pinBodyCoercion(input));
    // A direct answer skips authentication, scope and the input check: only for a public GET without input.
    if (meta.direct && (meta.auth !== "none" || meta.openapi.method !== "GET" || !takesNoInput(inputsOf.get(path)))) {
      throw new Error(`${path}: a direct answer is only for a public GET without input`);
    }
    const source = meta.openapi.path
      .split("/")
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? "[^/]+" : segment.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
      .join("/");
    const form = isForm(meta) ? formOperation(router, path, meta.successStatus ?? 200) : null;
    const inputs = inputsOf.get(path) ?? [];
    return {
      method: meta.openapi.method,
      pattern: new RegExp(`^${source}$`),
      meta,
      form,
      input: (inputs[0] as z.ZodType | undefined) ?? null,
      readsQuery: !TAKES_BODY.has(meta.openapi.method) && !takesNoInput(inputs),
    };
  });
}

/** Query parameters sent to an operation that reads none (its input is a body, or it has none): 400 naming them. */
function strayQuery(operation: Operation, url: URL): AppError | null {
  if (operation.readsQuery || url.search.length <= 1) return null;
  const names = [...new Set(url.searchParams.keys())];
  const why = operation.input && !takesNoInput([operation.input]) ? "its input is the request body" : "it takes none";
  return unknownFieldsError(
    names.map((name) => [name]),
    `is not a parameter of this operation: ${why}`,
  );
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
  /** The same answer, for a server that writes it to a node response itself. */
  answer(request: RestRequest): Promise<RestAnswer>;
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

  // Operations on a path written out, by that path (its pattern matches that string alone), and the
  // operations of paths with parameters, tried in turn: a request's path is one look-up, not a test
  // of every operation's pattern.
  const byLiteralPath = new Map<string, Operation[]>();
  const withParameters: Operation[] = [];
  for (const operation of operations) {
    const { path } = operation.meta.openapi;
    if (path.includes("{")) withParameters.push(operation);
    else byLiteralPath.set(path, [...(byLiteralPath.get(path) ?? []), operation]);
  }

  function matchOperation(method: string, pathname: string) {
    // One trailing slash is ignored, as the adapter ignores it; "//" is no path of ours.
    const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
    // A path written out (/transactions/suggest-categories) is that operation's, not an {id} pattern's.
    const onPath = byLiteralPath.get(path) ?? withParameters.filter((operation) => operation.pattern.test(path));
    // HEAD is a GET whose body is not sent (RFC 9110 9.3.2): the server that writes the answer drops it.
    const asMethod = method === "HEAD" ? "GET" : method;
    return {
      operation: onPath.find((operation) => operation.method === asMethod),
      allowed: [...new Set(onPath.map((operation) => operation.method))],
    };
  }

  async function handleRestRequest(request: RestRequest): Promise<Answer> {
    const started = performance.now();
    const entry = enter(request);
    const { requestId } = entry;
    const url = new URL(request.url);
    const answer = await respond(request, entry, url);
    setHeaders(answer, SECURITY_HEADERS);
    if (answer.status >= 400) await checkDocumented(request.method, url.pathname, answer, requestId);
    // The access log: never headers or bodies, so no token can reach it.
    if (logger.isLevelEnabled("info")) {
      logger.info(
        {
          requestId,
          method: request.method,
          path: url.pathname,
          status: answer.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
    return answer;
  }

  /**
   * Every /api answer carries a budget: the one a procedure spent (credential, session, failed
   * authentication, sign-up...), else the client address's. A request without credentials spends
   * the address's budget before anything else, so an address that spent it is refused at once.
   */
  async function respond(request: RestRequest, entry: Entry, url: URL): Promise<Answer> {
    const { requestId } = entry;
    let budget: Record<string, string> | null = null;
    if (!request.headers.has("authorization")) {
      try {
        budget = await spendAddressBudget(request.headers, { refuse: true });
      } catch (error) {
        if (error instanceof AppError) return errorResponse(error, requestId);
        throw error;
      }
    }
    const answered = await answer(request, entry, url);
    if (!hasHeader(answered, "ratelimit-limit"))
      setHeaders(answered, await answerBudget(entry, request.headers, budget));
    return answered;
  }

  async function answer(request: RestRequest, entry: Entry, url: URL): Promise<Answer> {
    const { requestId, control } = entry;
    const { pathname } = url;
    const { operation, allowed } = matchOperation(request.method, pathname);
    if (!operation) {
      return allowed.length > 0
        ? methodNotAllowed(request, requestId, allowed)
        : errorResponseFor("ROUTE_NOT_FOUND", `No endpoint answers ${request.method} ${pathname}.`, requestId);
    }

    let failure: unknown;
    try {
      if (operation.meta.direct) return await answerDirect(request, operation, operation.meta.direct, requestId);
      // Refused after authentication and scope, as a body the operation cannot read is.
      const stray = strayQuery(operation, url);
      if (operation.form) {
        const db = await getDatabase();
        return await answerFormOperation(request, operation.form, {
          db,
          requestId,
          headers: request.headers,
          response: control,
          bodyProblem: stray,
          strictInput: operation.input,
        });
      }
      const { text, problem } = await readJsonBody(request);
      const db = await getDatabase();
      // Procedures carry full paths (/api/v1/...), so the URL goes to the adapter as it is.
      const method = request.method === "HEAD" ? "GET" : request.method;
      const openApiRequest = { method, url, headers: request.headers, body: text };
      const answered = await answerOpenApi(openApiRequest, {
        createContext: () =>
          createContext({
            db,
            requestId,
            headers: request.headers,
            response: control,
            bodyProblem: problem ?? stray,
            // Fields the operation does not name are refused by the input check, not dropped.
            strictInput: operation.input,
          }),
        onError: (error) => {
          failure = error;
        },
      });
      if (answered.status < 400 && failure === undefined) {
        return finishAnswer(request, answered, operation.meta.successStatus, control, requestId, operation.meta.file);
      }
    } catch (error) {
      failure = error;
    }
    return refusal(entry, failure, { method: request.method, path: pathname });
  }

  /**
   * An operation with a direct answer (health): its function's answer as the procedure's would be
   * (the same headers and JSON), without the context, middleware, adapter and output check of a
   * procedure call. Its query string is ignored, as the procedure's void input ignores it.
   */
  async function answerDirect(
    request: RestRequest,
    operation: Operation,
    direct: NonNullable<OperationMeta["direct"]>,
    requestId: string,
  ): Promise<RestAnswer> {
    await readJsonBody(request); // a GET's declared body, refused above the cap as on the procedure path
    const { status, headers, body } = await direct(await getDatabase());
    const control: ResponseControl = { status, headers: new Headers(headers) };
    return finishAnswer(
      request,
      { status, body: JSON.stringify(body) },
      operation.meta.successStatus,
      control,
      requestId,
    );
  }

  /**
   * The OpenAPI document lists every error code an operation answers (server/openapi/statuses.ts):
   * an answer outside that list is a fault of the document or of the table, logged for the HTTP
   * suite (which fails on it) and for operators. Error bodies are small; success is not read.
   */
  async function checkDocumented(method: string, pathname: string, answered: Answer, requestId: string): Promise<void> {
    const { operation } = matchOperation(method, pathname);
    if (!operation || operation.meta.alternateStatuses?.includes(answered.status)) return;
    const text = answered instanceof Response ? answered.clone().text() : Promise.resolve(String(answered.body ?? ""));
    const code = await text.then((body) => (JSON.parse(body) as { code?: unknown }).code).catch(() => undefined);
    if (typeof code !== "string" || !(documentedErrorCodes(operation.meta) as string[]).includes(code)) {
      logger.error(
        { requestId, operationId: operation.meta.openapi.operationId, status: answered.status, code },
        "undocumented status",
      );
    }
  }

  return Object.assign(async (request: Request) => toResponse(await handleRestRequest(request)), {
    answer: async (request: RestRequest) => toRestAnswer(await handleRestRequest(request)),
    serves: (method: string, pathname: string) => matchOperation(method, pathname).operation !== undefined,
    allowed: (pathname: string) => matchOperation("", pathname).allowed,
  });
}

/** JSON bodies are read here, capped, so the adapter never reads an unbounded one (GET and DELETE take none). */
async function readJsonBody(
  request: RestRequest,
): Promise<{ text: string | undefined; problem: PreparedJsonBody["problem"] }> {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "DELETE") {
    assertDeclaredLength(request, env.MAX_JSON_BODY_BYTES);
    return { text: undefined, problem: null };
  }
  return prepareJsonBody(request, env.MAX_JSON_BODY_BYTES);
}
