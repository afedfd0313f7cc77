import type { AnyRouter } from "@trpc/server";
import { createCallerFactory, router, type Meta } from "../trpc";
import { authRouter } from "./auth";
import { credentialsRouter } from "./credentials";
import { manageRouter } from "./manage";
import { membersRouter } from "./members";
import { programmaticRouter } from "./programmatic";
import { systemRouter } from "./system";

/** Every procedure of the service; served as tRPC (/api/trpc) and as REST (/api/v1) from here. */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  credentials: credentialsRouter,
  members: membersRouter,
  programmatic: programmaticRouter,
  manage: manageRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

export type OperationMeta = Meta & { openapi: NonNullable<Meta["openapi"]> };

export interface RestProcedure {
  /** The procedure's path in the router ("programmatic.imports.create"). */
  path: string;
  meta: OperationMeta;
  /** The input parsers (zod schemas) of the procedure. */
  inputs: unknown[];
}

/** Every procedure exposed over REST, with its meta (the OpenAPI document and the REST router read it). */
export function restProcedures(from: AnyRouter = appRouter): RestProcedure[] {
  const procedures = from._def.procedures as unknown as Record<string, { _def: { meta?: Meta; inputs: unknown[] } }>;
  return Object.entries(procedures).flatMap(([path, { _def }]) =>
    _def.meta?.openapi ? [{ path, meta: _def.meta as OperationMeta, inputs: _def.inputs }] : [],
  );
}

/** The meta of every procedure exposed over REST. */
export function restOperations(from: AnyRouter = appRouter): OperationMeta[] {
  return restProcedures(from).map(({ meta }) => meta);
}
