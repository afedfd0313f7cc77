import { beforeAll, expect } from "vitest";
import { z } from "zod";
import { generateToken, hashToken } from "../domain/identity/tokens";
import { AppError } from "../errors";
import { appRouter } from "../routers";
import {
  createTestSession,
  createTestWorkspace,
  useTestDatabase,
  type TestDatabase,
  type TestWorkspace,
} from "../testing/fixtures";
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

/** The REST handler over the test router, on the file's database with one user owning one workspace. */
export interface RestSpine {
  db: TestDatabase;
  handle: (request: Request) => Promise<Response>;
  readonly userId: string;
  readonly workspaceId: string;
  createCredential(overrides?: { scopes?: string[]; revokedAt?: Date; expiresAt?: Date }): Promise<string>;
  createSession(): Promise<string>;
  call(
    method: string,
    path: string,
    init?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
}

/**
 * Registers the hooks that open the calling file's database and make its one workspace; like
 * `useTestDatabase`, the answer is usable inside hooks and tests, not at module level.
 */
export function useRestSpine(): RestSpine {
  const db = useTestDatabase();
  let owner: TestWorkspace | undefined;
  beforeAll(async () => {
    owner = await createTestWorkspace(db, { name: "Spine", timezone: "Europe/Berlin" });
  });
  const owned = () => {
    if (!owner) throw new Error("the spine's workspace is made in a hook (useRestSpine)");
    return owner;
  };
  const handle = createRestHandler({ router: testRouter, getDatabase: async () => db });
  return {
    db,
    handle,
    get userId() {
      return owned().userId;
    },
    get workspaceId() {
      return owned().workspace.id;
    },
    async createCredential(overrides = {}) {
      const { userId, workspace } = owned();
      const token = generateToken("programmatic_api");
      await db.prisma.credential.create({
        data: {
          userId,
          workspaceId: workspace.id,
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
    createSession: () => createTestSession(owned()),
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
