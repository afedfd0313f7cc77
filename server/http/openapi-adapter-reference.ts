import type { AnyRouter } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { OpenApiAdapter } from "./openapi-adapter";

/**
 * trpc-to-openapi's own fetch adapter, built on every request: the reference that
 * openapi-adapter.test.ts and bench/rest-overhead.ts hold createOpenApiAdapter to (same bytes, less
 * work per request). It gets the request as the REST handler reads it: the JSON body read and
 * checked, sent as application/json.
 *
 * It runs as the server does, in production: elsewhere the library also checks the whole router on
 * every request by generating the OpenAPI document (20 of the equivalence walk's 21 s), which
 * changes no answer, and the document has tests of its own (server/openapi).
 */
export function libraryOpenApiAdapter(router: AnyRouter): OpenApiAdapter {
  return async ({ method, url, headers, body }, call) => {
    const sent = new Headers();
    headers.forEach((value, name) => sent.set(name, value));
    if (body !== undefined) {
      sent.set("content-type", "application/json");
      sent.delete("content-length");
      sent.delete("transfer-encoding");
    }
    const response = await asInProduction(() =>
      createOpenApiFetchHandler({
        endpoint: "" as "/",
        router,
        req: new Request(url, { method, headers: sent, body }),
        createContext: () => call.createContext(),
        onError: ({ error }: { error: unknown }) => call.onError(error),
      }),
    );
    return { status: response.status, body: await response.text() };
  };
}

/** Calls of the reference under way: NODE_ENV is production while any runs, and put back when the last ends. */
let running = 0;
let outside: string | undefined;

/** `work` with NODE_ENV production for its whole run, whether or not other calls overlap it. */
async function asInProduction<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) {
    outside = process.env.NODE_ENV;
    Object.assign(process.env, { NODE_ENV: "production" });
  }
  try {
    return await work();
  } finally {
    if (--running === 0) {
      if (outside === undefined) delete (process.env as Record<string, string | undefined>).NODE_ENV;
      else Object.assign(process.env, { NODE_ENV: outside });
    }
  }
}
