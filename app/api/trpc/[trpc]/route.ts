import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getDatabase } from "@/server/db";
import { requestIdFor } from "@/server/http/request-id";
import { logger } from "@/server/logger";
import { appRouter } from "@/server/routers";
import { createContext } from "@/server/trpc";

export const dynamic = "force-dynamic";

/** tRPC for the dashboard: the same router the REST surface serves. */
async function handler(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  const db = await getDatabase();
  const response = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: () => createContext({ db, requestId, headers: request.headers }),
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error({ err: error, requestId, path }, "tRPC call failed");
    },
  });
  response.headers.set("x-request-id", requestId);
  return response;
}

export { handler as GET, handler as POST };
