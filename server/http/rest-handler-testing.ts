import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { z } from "zod";
import { ensureCurrencies } from "../../prisma/seed";
import type { Database } from "../db";
import { createTestDatabase } from "../db/testing";
import { generateToken, hashToken } from "../domain/identity/tokens";
import { AppError } from "../errors";
import { appRouter } from "../routers";
import { workspaceProcedure, publicProcedure, router, sessionProcedure } from "../trpc/builders";
import { createRestHandler } from "./rest-handler";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A router shaped like the feature routers, to exercise the spine's auth, validation and errors.
export const testRouter = router({
  app: appRouter,
  probe: router({
    boom: publicProcedure
      .meta({ openapi: { method: "GET", path: "/api/v1/test/boom" } })
      .input(z.void())
      .output(z.object({ ok: z.boolean() }))
      .query(() => {
        throw new Error("connect ECONNREFUSED postgres://admin:hunter2@db.internal:5432");
      }),
    conflict: publicProcedure
      .meta({ openapi: { method: "POST", path: "/api/v1/test/conflict" } })
      .input(z.object({ declared: z.boolean() }))
      .output(z.object({ ok: z.boolean() }))
      .mutation(() => {
        throw new AppError("IMPORT_STATE_CONFLICT", "not in this state");
      }),
    declaredConflict: publicProcedure
      .meta({ errors: ["IMPORT_STATE_CONFLICT"], openapi: { method: "POST", path: "/api/v1/test/declared-conflict" } })
      .input(z.object({ declared: z.boolean() }))
      .output(z.object({ ok: z.boolean() }))
      .mutation(() => {
        throw new AppError("IMPORT_STATE_CONFLICT", "not in this state");
      }),
    wallets: workspaceProcedure("wallets:read")
      .meta({ openapi: { method: "GET", path: "/api/v1/test/wallets" } })
      .input(z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }))
      .output(z.object({ user_id: z.string(), workspace_id: z.string(), limit: z.number() }))
      .query(({ ctx, input }) => ({
        user_id: ctx.caller.user.id,
        workspace_id: ctx.caller.workspace.id,
        limit: input.limit ?? 50,
      })),
    session: sessionProcedure
      .meta({ successStatus: 201, openapi: { method: "POST", path: "/api/v1/test/session" } })
      .input(z.object({ name: z.string().min(1) }))
      .output(z.object({ name: z.string(), user_id: z.string() }))
      .mutation(({ ctx, input }) => ({ name: input.name, user_id: ctx.caller.user.id })),
  }),
});

/** The REST handler over the test router, on a database of its own with one user owning one workspace. */
export interface RestSpine {
  db: Database;
  destroy: () => Promise<void>;
  handle: (request: Request) => Promise<Response>;
  userId: string;
  workspaceId: string;
  createCredential(overrides?: { scopes?: string[]; revokedAt?: Date; expiresAt?: Date }): Promise<string>;
  createSession(): Promise<string>;
  call(
    method: string,
    path: string,
    init?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

export async function createRestSpine(): Promise<RestSpine> {
  const { db, destroy } = await createTestDatabase();
  const currencies = await ensureCurrencies(db);
  const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
  const workspace = await db.prisma.workspace.create({
    data: { name: "Spine", homeCurrencyId: currencies.get("EUR")!, timezone: "Europe/Berlin" },
  });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: workspace.id, role: "owner" } });
  const userId = user.id;
  const workspaceId = workspace.id;
  const handle = createRestHandler({ router: testRouter, getDatabase: async () => db });
  return {
    db,
    destroy,
    handle,
    userId,
    workspaceId,
    async createCredential(overrides = {}) {
      const token = generateToken("programmatic_api");
      await db.prisma.credential.create({
        data: {
          userId,
          workspaceId,
          name: "test",
          audience: "programmatic_api",
          scopes: overrides.scopes ?? ["wallets:read"],
          tokenHash: hashToken(token),
          tokenPrefix: token.slice(0, 8),
          expiresAt: overrides.expiresAt ?? new Date(Date.now() + 86_400_000),
          revokedAt: overrides.revokedAt,
        },
      });
      return token;
    },
    async createSession() {
      const token = generateToken("session");
      await db.prisma.session.create({
        data: { userId, workspaceId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) },
      });
      return token;
    },
    call(method, path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set("authorization", `Bearer ${init.token}`);
      if (init.body !== undefined) headers.set("content-type", "application/json");
      return handle(
        new Request(`http://localhost${path}`, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      );
    },
  };
}

/** Checks the error body (status, code, message, a request id equal to X-Request-Id) and returns it. */
export async function expectError(response: Response, status: number, code: string) {
  const body = await response.json();
  expect(response.status).toBe(status);
  expect(body).toMatchObject({ statusCode: status, code });
  expect(typeof body.message).toBe("string");
  expect(body.request_id).toMatch(UUID);
  expect(response.headers.get("x-request-id")).toBe(body.request_id);
  return body as { message: string; error: string };
}
