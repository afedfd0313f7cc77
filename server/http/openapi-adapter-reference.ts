import type { AnyRouter } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { OpenApiAdapter } from "./openapi-adapter";

/**
 * trpc-to-openapi's own fetch adapter, built on every request: the reference that
 * openapi-adapter.test.ts and bench/rest-overhead.ts hold createOpenApiAdapter to (same bytes, less
 * work per request). It gets the request as the REST handler reads it: the JSON body read and
 * checked, sent as application/json.
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
    const response = await createOpenApiFetchHandler({
      endpoint: "" as "/",
      router,
      req: new Request(url, { method, headers: sent, body }),
      createContext: () => call.createContext(),
      onError: ({ error }: { error: unknown }) => call.onError(error),
    });
    return { status: response.status, body: await response.text() };
  };
}
