import type { AnyRouter } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { OpenApiAdapter } from "./openapi-adapter";

/**
 * trpc-to-openapi's own fetch adapter, built on every request: the code path createOpenApiAdapter
 * replaced, kept as the reference that openapi-adapter.test.ts and bench/rest-overhead.ts compare with.
 */
export function libraryOpenApiAdapter(router: AnyRouter): OpenApiAdapter {
  return async (request, call) => {
    const response = await createOpenApiFetchHandler({
      endpoint: "" as "/",
      router,
      req: request,
      createContext: () => call.createContext(),
      onError: ({ error }: { error: unknown }) => call.onError(error),
    });
    return { status: response.status, headers: new Headers(response.headers), body: await response.text() };
  };
}
