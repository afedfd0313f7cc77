import { NextRequest } from "next/server";
import { env } from "../env";
import { spendAddressBudget } from "./address-budget";
import { requestIdFor } from "./request-id";
import { readBodyCapped } from "./request-body";
import { methodNotAllowed } from "./responses";
import { enter, refusal } from "./entry";

/**
 * The limits every JSON or form route that Next.js serves itself applies (tRPC, next-auth, the
 * OpenAPI document); the REST handler applies the same ones on its own path.
 */

/** The request with its body read into memory, at most MAX_JSON_BODY_BYTES (413 otherwise). */
export async function withCappedBody(request: NextRequest): Promise<NextRequest> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readBodyCapped(request, env.MAX_JSON_BODY_BYTES);
  return new NextRequest(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.length > 0 ? new Uint8Array(body) : undefined,
  });
}

/** A copy of `response` with `headers` added (a redirect's own headers cannot be changed). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
  return copy;
}

type Handler<Rest extends unknown[]> = (request: NextRequest, ...rest: Rest) => Promise<Response> | Response;

/**
 * A route for callers without a credential: it spends the client address's budget first (429 in
 * the error body once spent), reads a capped body, and answers with RateLimit-* headers and the
 * request's X-Request-Id, as every other answer.
 */
export function addressLimited<Rest extends unknown[]>(handler: Handler<Rest>): Handler<Rest> {
  return async (request, ...rest) => {
    const entry = enter(request);
    const { requestId } = entry;
    try {
      const budget = await spendAddressBudget(request.headers, { refuse: true });
      const response = await handler(await withCappedBody(request), ...rest);
      // A refusal the handler wrote names its own request id already.
      return withHeaders(
        response,
        response.headers.has("x-request-id") ? budget : { ...budget, "x-request-id": requestId },
      );
    } catch (error) {
      return refusal(entry, error, { path: new URL(request.url).pathname });
    }
  };
}

/** What a route answers to the methods it does not serve: 405 naming `allowed`, with the address's budget. */
export function refuseMethods(allowed: string[]): Handler<unknown[]> {
  return addressLimited((request) => methodNotAllowed(request, requestIdFor(request), allowed));
}
