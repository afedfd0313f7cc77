import type { AnyRouter } from "@trpc/server";
import { createCallerFactory } from "../trpc/builders";
import { type Context } from "../trpc/context";

/**
 * Runs the procedure at `path` ("imports.create") of `router` as `ctx`'s caller: the
 * adapters that are not tRPC's own (a multipart REST body, an MCP tool call) go through the same
 * middlewares (authentication, scope, rate limit, idempotency, input check) as every other call.
 */
export function callProcedure(router: AnyRouter, ctx: Context, path: string, input: unknown): Promise<unknown> {
  let procedure: unknown = createCallerFactory(router)(ctx);
  for (const segment of path.split(".")) procedure = (procedure as Record<string, unknown>)[segment];
  if (typeof procedure !== "function") throw new Error(`no procedure at ${path}`);
  return (procedure as (input: unknown) => Promise<unknown>)(input);
}
