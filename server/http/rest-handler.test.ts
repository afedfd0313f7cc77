import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ensureCurrencies } from "../../prisma/seed";
import type { Database } from "../db";
import { createTestDatabase } from "../db/testing";
import { generateToken, hashToken } from "../domain/identity/tokens";
import { AppError } from "../errors";
import { logger } from "../logger";
import { appRouter, createCaller } from "../routers";
import { workspaceProcedure, publicProcedure, router, sessionProcedure } from "../trpc/builders";
import { createContext, type ResponseControl } from "../trpc/context";
import { createRestHandler } from "./rest-handler";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A router shaped like the feature routers, to exercise the spine's auth, validation and errors.
const testRouter = router({
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

let db: Database;
let destroy: () => Promise<void>;
let handle: (request: Request) => Promise<Response>;
let userId: string;
let workspaceId: string;

async function createCredential(overrides: { scopes?: string[]; revokedAt?: Date; expiresAt?: Date } = {}) {
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
}

async function createSession() {
  const token = generateToken("session");
  await db.prisma.session.create({
    data: { userId, workspaceId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) },
  });
  return token;
}

function call(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
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
}

async function expectError(response: Response, status: number, code: string) {
  const body = await response.json();
  expect(response.status).toBe(status);
  expect(body).toMatchObject({ statusCode: status, code });
  expect(typeof body.message).toBe("string");
  expect(body.request_id).toMatch(UUID);
  expect(response.headers.get("x-request-id")).toBe(body.request_id);
  return body as { message: string; error: string };
}

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
  const currencies = await ensureCurrencies(db);
  const user = await db.prisma.user.create({ data: { email: `${randomUUID()}@example.com`, passwordHash: "x" } });
  const workspace = await db.prisma.workspace.create({
    data: { name: "Spine", homeCurrencyId: currencies.get("EUR")!, timezone: "Europe/Berlin" },
  });
  await db.prisma.membership.create({ data: { userId: user.id, workspaceId: workspace.id, role: "owner" } });
  userId = user.id;
  workspaceId = workspace.id;
  handle = createRestHandler({ router: testRouter, getDatabase: async () => db });
});

afterAll(async () => destroy?.());

describe("REST surface: routing and the error body", () => {
  it("answers an unknown path with 404 ROUTE_NOT_FOUND", async () => {
    const body = await expectError(await call("GET", "/api/v1/programmatic/does-not-exist"), 404, "ROUTE_NOT_FOUND");
    expect(body.error).toBe("Not Found");
    expect(body.message).toContain("/api/v1/programmatic/does-not-exist");
  });

  it("answers a wrong method with 405 and the allowed methods", async () => {
    const response = await call("DELETE", "/api/v1/health");
    const body = await expectError(response, 405, "METHOD_NOT_ALLOWED");
    expect(body.error).toBe("Method Not Allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("hides the internals of an unexpected exception behind 500 INTERNAL_ERROR", async () => {
    const response = await call("GET", "/api/v1/test/boom");
    const text = await response.clone().text();
    await expectError(response, 500, "INTERNAL_ERROR");
    expect(text).not.toMatch(/hunter2|ECONNREFUSED|postgres:|stack|at /);
  });

  it("logs an error status its operation's table does not list (the OpenAPI document would not show it)", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      await expectError(
        await call("POST", "/api/v1/test/declared-conflict", { body: { declared: true } }),
        409,
        "IMPORT_STATE_CONFLICT",
      );
      await expectError(
        await call("POST", "/api/v1/test/conflict", { body: { declared: false } }),
        409,
        "IMPORT_STATE_CONFLICT",
      );
      const undocumented = logged.mock.calls.filter(([, message]) => message === "undocumented status");
      expect(undocumented.map(([fields]) => fields)).toEqual([expect.objectContaining({ status: 409 })]);
    } finally {
      logged.mockRestore();
    }
  });

  it("reads a JSON body's booleans and numbers strictly: a string there is a 400 naming the field, not coerced", async () => {
    for (const declared of ["no", "false", 0]) {
      const body = await expectError(
        await call("POST", "/api/v1/test/conflict", { body: { declared } }),
        400,
        "VALIDATION_FAILED",
      );
      expect(body.message).toContain("declared");
    }
    // The query string still converts, where every value arrives as text.
    const token = await createCredential();
    expect(await (await call("GET", "/api/v1/test/wallets?limit=7", { token })).json()).toMatchObject({ limit: 7 });
  });

  it("keeps the caller's X-Request-Id when it is a uuid, and replaces one that is not", async () => {
    const id = randomUUID();
    const kept = await call("GET", "/api/v1/nope", { headers: { "x-request-id": id } });
    expect(kept.headers.get("x-request-id")).toBe(id);
    expect((await kept.json()).request_id).toBe(id);
    const replaced = await call("GET", "/api/v1/nope", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID);
  });

  it("serves health with database ok and a request id", async () => {
    const response = await call("GET", "/api/v1/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
  });

  it("answers health with 503 and database unavailable when the database does not answer", async () => {
    const broken: Database = { ...db, sql: { ...db.sql, query: () => Promise.reject(new Error("down")) } };
    const handler = createRestHandler({ router: testRouter, getDatabase: async () => broken });
    const response = await handler(new Request("http://localhost/api/v1/health"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ status: "degraded", database: "unavailable" });

    // Answered directly (no procedure call), with what the procedure itself answers.
    const control: ResponseControl = { headers: new Headers() };
    const context = createContext({ db: broken, requestId: "direct", headers: new Headers(), response: control });
    expect(body).toBe(JSON.stringify(await createCaller(context).system.health()));
    expect([control.status, control.headers.get("retry-after")]).toEqual([503, response.headers.get("retry-after")]);
  });

  it("refuses a direct answer on an operation with a credential or an input: it would skip their checks", () => {
    const direct = async () => ({ status: 200, headers: {}, body: {} });
    const guarded = router({
      secret: workspaceProcedure("wallets:read")
        .meta({ direct, openapi: { method: "GET", path: "/api/v1/test/secret" } })
        .input(z.void())
        .output(z.object({}))
        .query(() => ({})),
    });
    expect(() => createRestHandler({ router: guarded, getDatabase: async () => db })).toThrow(
      /a direct answer is only for a public GET without input/,
    );
    const withInput = router({
      echo: publicProcedure
        .meta({ direct, openapi: { method: "GET", path: "/api/v1/test/echo" } })
        .input(z.object({ q: z.string() }))
        .output(z.object({}))
        .query(() => ({})),
    });
    expect(() => createRestHandler({ router: withInput, getDatabase: async () => db })).toThrow(/without input/);
  });

  it("answers health directly with the procedure's body, whatever the query string", async () => {
    const response = await call("GET", "/api/v1/health?probe=1");
    const context = createContext({ db, requestId: "direct", headers: new Headers() });
    expect(await response.text()).toBe(JSON.stringify(await createCaller(context).system.health()));
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});

describe("REST surface: authentication, scope and validation", () => {
  it("401 TOKEN_MISSING without an Authorization header", async () => {
    await expectError(await call("GET", "/api/v1/test/wallets"), 401, "TOKEN_MISSING");
  });

  it("401 TOKEN_INVALID for a malformed header, a bad checksum and an unknown token", async () => {
    await expectError(
      await call("GET", "/api/v1/test/wallets", { headers: { authorization: "Token abc" } }),
      401,
      "TOKEN_INVALID",
    );
    const token = await createCredential();
    const tampered = token.slice(0, 10) + (token[10] === "a" ? "b" : "a") + token.slice(11);
    await expectError(await call("GET", "/api/v1/test/wallets", { token: tampered }), 401, "TOKEN_INVALID");
    await expectError(
      await call("GET", "/api/v1/test/wallets", { token: generateToken("programmatic_api") }),
      401,
      "TOKEN_INVALID",
    );
  });

  it("401 TOKEN_REVOKED and TOKEN_EXPIRED", async () => {
    const revoked = await createCredential({ revokedAt: new Date() });
    await expectError(await call("GET", "/api/v1/test/wallets", { token: revoked }), 401, "TOKEN_REVOKED");
    const expired = await createCredential({ expiresAt: new Date(Date.now() - 1000) });
    await expectError(await call("GET", "/api/v1/test/wallets", { token: expired }), 401, "TOKEN_EXPIRED");
  });

  it("accepts a PAT with the scope and resolves its user and workspace", async () => {
    const token = await createCredential();
    const response = await call("GET", "/api/v1/test/wallets?limit=20", { token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user_id: userId, workspace_id: workspaceId, limit: 20 });
  });

  it("403 INSUFFICIENT_SCOPE naming the missing scope", async () => {
    const token = await createCredential({ scopes: ["budgets:read"] });
    const body = await expectError(await call("GET", "/api/v1/test/wallets", { token }), 403, "INSUFFICIENT_SCOPE");
    expect(body.message).toContain("wallets:read");
  });

  it("400 VALIDATION_FAILED naming the field, but only after authentication", async () => {
    const token = await createCredential();
    const body = await expectError(
      await call("GET", "/api/v1/test/wallets?limit=500", { token }),
      400,
      "VALIDATION_FAILED",
    );
    expect(body.message).toContain("limit");
    await expectError(await call("GET", "/api/v1/test/wallets?limit=500"), 401, "TOKEN_MISSING");
  });

  it("rejects a session token where a PAT is required, and a PAT where a session is required", async () => {
    const session = await createSession();
    const pat = await createCredential();
    const asPat = await expectError(
      await call("GET", "/api/v1/test/wallets", { token: session }),
      401,
      "TOKEN_INVALID",
    );
    expect(asPat.message).toContain("session token");
    await expectError(
      await call("POST", "/api/v1/test/session", { token: pat, body: { name: "x" } }),
      401,
      "TOKEN_INVALID",
    );
    const ok = await call("POST", "/api/v1/test/session", { token: session, body: { name: "x" } });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toEqual({ name: "x", user_id: userId });
  });

  it("400 for a body that is not JSON", async () => {
    const session = await createSession();
    const response = await handle(
      new Request("http://localhost/api/v1/test/session", {
        method: "POST",
        headers: { authorization: `Bearer ${session}`, "content-type": "application/json" },
        body: "{not json",
      }),
    );
    await expectError(response, 400, "VALIDATION_FAILED");
  });

  it("403 WORKSPACE_ACCESS_REVOKED once the owner's membership is gone", async () => {
    const token = await createCredential();
    await db.prisma.membership.deleteMany({ where: { userId, workspaceId } });
    try {
      await expectError(await call("GET", "/api/v1/test/wallets", { token }), 403, "WORKSPACE_ACCESS_REVOKED");
    } finally {
      await db.prisma.membership.create({ data: { userId, workspaceId, role: "owner" } });
    }
  });
});
