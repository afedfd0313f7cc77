import type { AnyRouter } from "@trpc/server";
import { createCallerFactory, router } from "../trpc/builders";
import { type Meta } from "../trpc/context";
import { authRouter } from "./auth";
import { credentialsRouter } from "./credentials";
import { accountsRouter } from "./accounts";
import { budgetsRouter } from "./budgets";
import { categoriesRouter } from "./categories";
import { categorisationRulesRouter } from "./categorisation-rules";
import { goalsRouter } from "./goals";
import { importsRouter } from "./imports";
import { insightsRouter } from "./insights";
import { membersRouter } from "./members";
import { recurringRulesRouter } from "./recurring-rules";
import { reportsRouter } from "./reports";
import { systemRouter } from "./system";
import { transactionTemplatesRouter } from "./transaction-templates";
import { transactionsRouter } from "./transactions";
import { walletsRouter } from "./wallets";
import { webhooksRouter } from "./webhooks";
import { workspaceRouter } from "./workspace";

/**
 * Every procedure of the service, one folder per resource; served as tRPC (/api/trpc) and as REST
 * (/api/v1) from here. Which surfaces and credentials an operation has is in its meta and builder,
 * not in where it sits.
 */
export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  credentials: credentialsRouter,
  members: membersRouter,
  workspace: workspaceRouter,
  accounts: accountsRouter,
  wallets: walletsRouter,
  categories: categoriesRouter,
  transactions: transactionsRouter,
  categorisationRules: categorisationRulesRouter,
  imports: importsRouter,
  transactionTemplates: transactionTemplatesRouter,
  recurringRules: recurringRulesRouter,
  goals: goalsRouter,
  budgets: budgetsRouter,
  insights: insightsRouter,
  reports: reportsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

export type OperationMeta = Meta & { openapi: NonNullable<Meta["openapi"]> };

export interface ProcedureEntry {
  /** The procedure's path in the router ("imports.create"). */
  path: string;
  type: "query" | "mutation" | "subscription";
  meta: Meta;
  /** The input parsers (zod schemas) of the procedure; the first is its input. */
  inputs: unknown[];
  /** The output parser, when it declares one. */
  output: unknown;
}

/** Every procedure of a router with what the surfaces are made from: REST, MCP, the multipart forms and their tests read it. */
export function procedureEntries(from: AnyRouter = appRouter): ProcedureEntry[] {
  const procedures = from._def.procedures as unknown as Record<
    string,
    { _def: Omit<ProcedureEntry, "path" | "meta"> & { meta?: Meta } }
  >;
  return Object.entries(procedures).map(([path, { _def }]) => ({
    path,
    type: _def.type,
    meta: _def.meta ?? {},
    inputs: _def.inputs,
    output: _def.output,
  }));
}

/** Every procedure exposed over REST, with its meta (the OpenAPI document and the REST router read it). */
export function restProcedures(from: AnyRouter = appRouter): Array<{ path: string; meta: OperationMeta }> {
  return procedureEntries(from).flatMap(({ path, meta }) =>
    meta.openapi ? [{ path, meta: meta as OperationMeta }] : [],
  );
}

/** The meta of every procedure exposed over REST. */
export function restOperations(from: AnyRouter = appRouter): OperationMeta[] {
  return restProcedures(from).map(({ meta }) => meta);
}
