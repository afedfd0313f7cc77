import { TRPCError, type AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { Context } from "../trpc";

/** What one request gives the adapter: its context, and where a failure is reported. */
export interface OpenApiCall {
  createContext: () => Context;
  onError: (error: unknown) => void;
}

/** trpc-to-openapi's answer, before the REST handler finishes it (status, headers and the JSON text). */
export interface OpenApiAnswer {
  status: number;
  headers: Headers;
  /** The JSON text trpc-to-openapi wrote; undefined when it wrote none. */
  body: string | undefined;
}

export type OpenApiAdapter = (request: Request, call: OpenApiCall) => Promise<OpenApiAnswer>;

/**
 * trpc-to-openapi's fetch adapter (createOpenApiFetchHandler), built once per router. The library's
 * own fetch adapter builds its node-style handler on every call, and with it the procedure cache
 * (every operation's path regex; and, outside production, the whole OpenAPI document to validate
 * the router): a tenth of a millisecond per request. Here the handler is built once and what belongs
 * to one request (its context, its error report) travels with the request object. The request goes
 * through the same proxy the library's adapter makes (its body parsed as the library parses it; the
 * URL as it is, since procedures carry full paths and no endpoint prefix is cut); the answer comes
 * back as the library writes it, without a fetch Response in between.
 * server/http/openapi-adapter.test.ts holds every REST operation's answers to the library's adapter.
 */
export function createOpenApiAdapter(router: AnyRouter): OpenApiAdapter {
  const calls = new WeakMap<object, OpenApiCall>();
  const callOf = (req: object) => {
    const call = calls.get(req);
    if (!call) throw new Error("a request the REST adapter did not start");
    return call;
  };
  const handle = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }: { req: object }) => callOf(req).createContext(),
    onError: ({ error, req }: { error: unknown; req: object }) => callOf(req).onError(error),
  } as never) as unknown as (req: Request, res: NodeStyleResponse) => Promise<void>;

  return async (request, call) => {
    const req = await requestProxy(request);
    calls.set(req, call);
    return new Promise<OpenApiAnswer>((resolve, reject) => {
      const headers = new Headers();
      const res: NodeStyleResponse = {
        statusCode: 200,
        setHeader(name, value) {
          if (typeof value === "string") headers.set(name, value);
          else for (const item of value) headers.append(name, item);
        },
        end(body) {
          resolve({ status: res.statusCode, headers, body });
        },
      };
      handle(req, res).catch(reject);
    });
  };
}

interface NodeStyleResponse {
  statusCode: number;
  setHeader(name: string, value: string | string[]): void;
  end(body?: string): void;
}

/** The request as trpc-to-openapi's fetch adapter hands it on: `body` is the parsed body (a getter that throws PARSE_ERROR for bad JSON). */
async function requestProxy(request: Request): Promise<Request> {
  const body = await parsedBody(request);
  return new Proxy(request, {
    get(target, property) {
      if (property === "body") {
        if (!body.valid) throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: body.cause });
        return body.data;
      }
      return target[property as keyof Request];
    },
  });
}

type ParsedBody = { valid: true; data: unknown } | { valid: false; cause: unknown };

/** The library's reading of a body (its fetch adapter does the same): JSON, url-encoded form, else the stream. */
async function parsedBody(request: Request): Promise<ParsedBody> {
  const contentType = request.headers.get("content-type");
  try {
    if (contentType?.includes("application/json")) return { valid: true, data: JSON.parse(await request.text()) };
    if (contentType?.includes("application/x-www-form-urlencoded")) {
      const params = new URLSearchParams(await request.text());
      const data: Record<string, string[]> = {};
      for (const key of params.keys()) data[key] = params.getAll(key);
      return { valid: true, data };
    }
    return { valid: true, data: request.body };
  } catch (cause) {
    return { valid: false, cause };
  }
}
