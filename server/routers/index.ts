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

/** The meta of every procedure exposed over REST (the OpenAPI document and the REST router read it). */
export function restOperations(from: AnyRouter = appRouter): OperationMeta[] {
  const procedures = from._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>;
  return Object.values(procedures).flatMap(({ _def }) => (_def.meta?.openapi ? [_def.meta as OperationMeta] : []));
}
