import { TRPCError, type AnyProcedure, type AnyRouter } from "@trpc/server";
import { ZodArray } from "zod/v4";
import {
  acceptsRequestBody,
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
} from "trpc-to-openapi";
import { type AppError, validationError } from "../errors";
import { isReusedOutput } from "../routers/shared/reused-answer";
import type { Context } from "../trpc/context";
import type { RequestHeaders } from "./rest-request";

/** What one request gives the adapter: its context, and where a failure is reported. */
interface OpenApiCall {
  createContext: () => Context;
  onError: (error: unknown) => void;
}

/** The request as the REST handler hands it on, its JSON body already read and checked. */
interface OpenApiRequest {
  method: string;
  url: URL;
  headers: RequestHeaders;
  /** The JSON text of a method that takes a body (POST, PUT, PATCH; "{}" for an empty one or one that is not JSON); undefined for the others. */
  body: string | undefined;
}

/** An operation's answer before the REST handler finishes it: its status and JSON text. */
export interface OpenApiAnswer {
  status: number;
  /** The JSON text (a Buffer when it was kept from an earlier answer); undefined when there is none. */
  body: string | Buffer | undefined;
}

export type OpenApiAdapter = (request: OpenApiRequest, call: OpenApiCall) => Promise<OpenApiAnswer>;

interface RestProcedure {
  procedure: AnyProcedure;
  /** Its tRPC path (wallets.get). */
  path: string;
  pattern: RegExp;
  /** The input takes no value (z.void()): the procedure gets undefined. */
  voidInput: boolean;
  /** Query parameters that are arrays: a single value becomes a one-item array. */
  arrayKeys: string[];
  /** Query parameters the library would coerce with Number() or Boolean(), by name. */
  scalarKeys: Map<string, "number" | "boolean">;
}

/**
 * The REST operations answered as trpc-to-openapi's handler answers them, with the steps it repeats
 * on every request done once, when the handler is built (a CPU profile of bench:reads showed them):
 * the library's handler looks its procedure up, unwraps and coerces the input schema, makes a
 * tRPC caller (a proxy per request) and an AbortSignal nobody reads, and serialises the answer. Here
 * the procedures, their path patterns and coerced input schemas are prepared once; a request is
 * matched the way the library matches it (the method's patterns in the router's order, case
 * ignored, a trailing slash dropped), its input is built the same way (query parameters, path
 * parameters over them; or the JSON body), and the procedure is called as tRPC's caller calls it.
 * Two answers differ on purpose (checkedQuery): a number or boolean parameter must be written as one
 * ("0x10" is not 16), and a parameter of one value given twice is refused naming it. The answer of a cached read, which
 * the output schema validated once (server/routers/shared/reused-answer.ts), is serialised once too.
 * Errors are reported through `onError` as the library reports them (a TRPCError); the REST handler
 * writes the error body itself. server/http/openapi-adapter.test.ts holds every REST operation's
 * answers to the library's own adapter, byte for byte.
 */
export function createOpenApiAdapter(router: AnyRouter): OpenApiAdapter {
  const byMethod = new Map<string, RestProcedure[]>();
  forEachOpenApiProcedure(router._def.procedures, ({ path, procedure, meta: { openapi } }) => {
    if (procedure._def.type === "subscription") return;
    const { inputParser } = getInputOutputParsers(procedure);
    const schema = unwrapZodType(inputParser as never, true);
    const isObject = instanceofZodTypeObject(schema);
    if (isObject) coerceSchema(schema);
    const list = byMethod.get(openapi.method) ?? [];
    list.push({
      procedure: procedure as AnyProcedure,
      path,
      pattern: getPathRegExp(normalizePath(openapi.path)),
      voidInput: instanceofZodTypeLikeVoid(schema),
      arrayKeys: isObject
        ? Object.entries(schema.shape)
            .filter(([, shape]) => isArraySchema(shape))
            .map(([key]) => key)
        : [],
      scalarKeys: isObject ? scalarKeysOf(schema.shape) : new Map(),
    });
    byMethod.set(openapi.method, list);
  });
  const serialised = new WeakMap<object, Buffer>();

  function serialise(data: unknown): string | Buffer | undefined {
    if (!isReusedOutput(data)) return JSON.stringify(data) as string | undefined;
    let bytes = serialised.get(data);
    if (!bytes) {
      bytes = Buffer.from(JSON.stringify(data));
      serialised.set(data, bytes);
    }
    return bytes;
  }

  return async ({ method, url, body }, call) => {
    const path = normalizePath(url.pathname);
    const match = byMethod.get(method)?.find((candidate) => candidate.pattern.test(path));
    try {
      if (!match) throw new TRPCError({ message: "Not found", code: "NOT_FOUND" });
      // The body comes as JSON whatever the client sent (the REST handler reports a body that is not
      // JSON after authentication), so the library's Content-Type check has nothing to refuse.
      const useBody = acceptsRequestBody(method as never);
      let input: Record<string, unknown> | undefined;
      let queryProblem: AppError | null = null;
      if (!match.voidInput) {
        const pathInput = match.pattern.exec(path)?.groups ?? {};
        let values: Record<string, unknown>;
        if (useBody) values = parseBody(body) as Record<string, unknown>;
        else
          ({ values, problem: queryProblem } = checkedQuery(
            queryOf(url, match.arrayKeys),
            match.scalarKeys,
            match.arrayKeys,
          ));
        input = { ...values, ...pathInput };
      }
      const ctx = call.createContext();
      // Reported where a body's problem is, after authentication and scope (401 > 403 > 400).
      if (queryProblem && !ctx.bodyProblem) ctx.bodyProblem = queryProblem;
      const data: unknown = await match.procedure({
        path: match.path,
        getRawInput: async () => input,
        ctx,
        type: match.procedure._def.type,
        signal: undefined,
        batchIndex: 0,
      });
      return { status: 200, body: serialise(data) };
    } catch (cause) {
      call.onError(errorFromUnknown(cause));
      // The REST handler answers every failure from the reported error; no body is needed here.
      return { status: 500, body: undefined };
    }
  };
}

/** The fields whose (unwrapped) schema is a number or a plain boolean, which the library coerces. */
function scalarKeysOf(shape: Record<string, unknown>): Map<string, "number" | "boolean"> {
  const keys = new Map<string, "number" | "boolean">();
  for (const [key, field] of Object.entries(shape)) {
    const type = (unwrapZodType(field as never, false) as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
    if (type === "number" || type === "boolean") keys.set(key, type);
  }
  return keys;
}

const DECIMAL_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;
const BOOLEAN_WORDS = new Map([
  ["true", true],
  ["1", true],
  ["false", false],
  ["0", false],
]);

/**
 * The query with its number and boolean values as written: the library coerces them with Number()
 * and Boolean(), which read "0x10" and "1e1" as 16 and 10, " 7" as 7, an empty value as 0, and
 * "false" as true. A number must be written in decimal digits; a boolean as true/false or 1/0
 * (any letter case, as queryBoolean reads it). Anything else is a problem naming the parameter,
 * answered 400 after authentication and scope.
 */
function checkedQuery(
  query: Record<string, string | string[]>,
  scalarKeys: Map<string, "number" | "boolean">,
  arrayKeys: readonly string[],
): { values: Record<string, unknown>; problem: AppError | null } {
  const issues: Array<{ path: string[]; code: string; message: string }> = [];
  const checked: Record<string, unknown> = { ...query };
  // A parameter of one value given several times (?limit=2&limit=3): which one was meant is not ours to guess.
  const repeated = new Set<string>();
  for (const [key, value] of Object.entries(query)) {
    if (!Array.isArray(value) || arrayKeys.includes(key)) continue;
    repeated.add(key);
    issues.push({ path: [key], code: "invalid_type", message: `sent ${value.length} times; give it once` });
  }
  for (const [key, type] of scalarKeys) {
    const value = query[key];
    if (value === undefined || repeated.has(key)) continue;
    const read = (text: string): unknown => {
      if (type === "number") {
        if (DECIMAL_NUMBER.test(text)) return text;
        issues.push({
          path: [key],
          code: "invalid_type",
          message: `must be a number in decimal digits, like 20 (got ${JSON.stringify(text.slice(0, 40))})`,
        });
        return text;
      }
      const word = BOOLEAN_WORDS.get(text.toLowerCase());
      if (word !== undefined) return word;
      issues.push({
        path: [key],
        code: "invalid_type",
        message: `must be true or false (got ${JSON.stringify(text.slice(0, 40))})`,
      });
      return text;
    };
    checked[key] = Array.isArray(value) ? value.map(read) : read(value);
  }
  return { values: checked, problem: issues.length > 0 ? validationError(issues) : null };
}

function isArraySchema(shape: unknown): boolean {
  return (
    shape instanceof ZodArray ||
    (instanceofZodTypeOptional(shape as never) && (shape as { unwrap(): unknown }).unwrap() instanceof ZodArray)
  );
}

/** The query as the library reads it: one value per name, or all of them for a name given several times or whose schema is an array. */
function queryOf(url: URL, arrayKeys: string[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 && !arrayKeys.includes(key) ? values[0]! : values;
  }
  return query;
}

/** The body as the library parses an application/json one; a PARSE_ERROR for text that is not JSON. */
function parseBody(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch (cause) {
    throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause });
  }
}

/** trpc-to-openapi's getErrorFromUnknown: a TRPCError as it is, anything else an INTERNAL_SERVER_ERROR around it. */
function errorFromUnknown(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === "TRPCError") return cause as TRPCError;
  const error = new TRPCError({
    message: "Internal server error",
    code: "INTERNAL_SERVER_ERROR",
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}
