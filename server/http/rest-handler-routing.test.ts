import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Database } from "../db";
import { logger } from "../logger";
import { createCaller } from "../routers";
import { workspaceProcedure, publicProcedure, router } from "../trpc/builders";
import { createContext, type ResponseControl } from "../trpc/context";
import { createRestHandler } from "./rest-handler";
import { expectError, testRouter, UUID, useRestSpine } from "./rest-handler-testing";

const spine = useRestSpine();

describe("REST surface: routing and the error body", () => {
  it("answers an unknown path with 404 ROUTE_NOT_FOUND", async () => {
    const body = await expectError(
      await spine.call("GET", "/api/v1/programmatic/does-not-exist"),
      404,
      "ROUTE_NOT_FOUND",
    );
    expect(body.error).toBe("Not Found");
    expect(body.message).toContain("/api/v1/programmatic/does-not-exist");
  });

  it("answers a wrong method with 405 and the allowed methods", async () => {
    const response = await spine.call("DELETE", "/api/v1/health");
    const body = await expectError(response, 405, "METHOD_NOT_ALLOWED");
    expect(body.error).toBe("Method Not Allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("hides the internals of an unexpected exception behind 500 INTERNAL_ERROR", async () => {
    const response = await spine.call("GET", "/api/v1/test/boom");
    const text = await response.clone().text();
    await expectError(response, 500, "INTERNAL_ERROR");
    expect(text).not.toMatch(/hunter2|ECONNREFUSED|postgres:|stack|at /);
  });

  it("logs an error status its operation's table does not list (the OpenAPI document would not show it)", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      await expectError(
        await spine.call("POST", "/api/v1/test/declared-conflict", { body: { declared: true } }),
        409,
        "IMPORT_STATE_CONFLICT",
      );
      await expectError(
        await spine.call("POST", "/api/v1/test/conflict", { body: { declared: false } }),
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
        await spine.call("POST", "/api/v1/test/conflict", { body: { declared } }),
        400,
        "VALIDATION_FAILED",
      );
      expect(body.message).toContain("declared");
    }
    // The query string still converts, where every value arrives as text.
    const token = await spine.createCredential();
    expect(await (await spine.call("GET", "/api/v1/test/wallets?limit=7", { token })).json()).toMatchObject({
      limit: 7,
    });
  });

  it("keeps the caller's X-Request-Id when it is a uuid, and replaces one that is not", async () => {
    const id = randomUUID();
    const kept = await spine.call("GET", "/api/v1/nope", { headers: { "x-request-id": id } });
    expect(kept.headers.get("x-request-id")).toBe(id);
    expect((await kept.json()).request_id).toBe(id);
    const replaced = await spine.call("GET", "/api/v1/nope", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(UUID);
  });

  it("serves health with database ok and a request id", async () => {
    const response = await spine.call("GET", "/api/v1/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
  });

  it("answers health with 503 and database unavailable when the database does not answer", async () => {
    const broken: Database = { ...spine.db, sql: { ...spine.db.sql, query: () => Promise.reject(new Error("down")) } };
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

  it("answers 503 with Retry-After when the database drops during a call, and logs the outage", async () => {
    const token = await spine.createCredential();
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const down: Database = { ...spine.db, sql: { ...spine.db.sql, query: () => Promise.reject(refused) } };
    const handler = createRestHandler({ router: testRouter, getDatabase: async () => down });
    const warned = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    try {
      const response = await handler(
        new Request("http://localhost/api/v1/test/wallets", { headers: { authorization: `Bearer ${token}` } }),
      );
      await expectError(response, 503, "SERVICE_UNAVAILABLE");
      expect(response.headers.get("retry-after")).toMatch(/^\d+$/);
      const outages = warned.mock.calls.filter(([, message]) => message === "database unreachable");
      expect(outages.map(([fields]) => fields)).toEqual([
        expect.objectContaining({ method: "GET", path: "/api/v1/test/wallets" }),
      ]);
    } finally {
      warned.mockRestore();
    }
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
    expect(() => createRestHandler({ router: guarded, getDatabase: async () => spine.db })).toThrow(
      /a direct answer is only for a public GET without input/,
    );
    const withInput = router({
      echo: publicProcedure
        .meta({ direct, openapi: { method: "GET", path: "/api/v1/test/echo" } })
        .input(z.object({ q: z.string() }))
        .output(z.object({}))
        .query(() => ({})),
    });
    expect(() => createRestHandler({ router: withInput, getDatabase: async () => spine.db })).toThrow(/without input/);
  });

  it("answers health directly with the procedure's body, whatever the query string", async () => {
    const response = await spine.call("GET", "/api/v1/health?probe=1");
    const context = createContext({ db: spine.db, requestId: "direct", headers: new Headers() });
    expect(await response.text()).toBe(JSON.stringify(await createCaller(context).system.health()));
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});
