import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { createClient, randomIp } from "./client";
import { parseRawAnswer, rawExchange, rawRequest } from "./raw-http";

/**
 * What any answer under /api is, whatever the request: the error body for unknown routes, odd
 * methods and oversized heads, and RateLimit-*, X-Request-Id and Strict-Transport-Security headers.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

describe("every answer under /api is in the error body", () => {
  it.each(["/api/v1/health", "/", "/sign-in", "/api/v2/wallets"])("answers TRACE on %s with 405 JSON", async (path) => {
    const response = await rawRequest(`${baseUrl}${path}`, { method: "TRACE" });
    expect(response.status).toBe(405);
    expect(response.json()).toMatchObject({ statusCode: 405, code: "METHOD_NOT_ALLOWED" });
    expect(response.headers["x-request-id"]).toBe(response.json().request_id);
  });

  it("answers CONNECT and methods Node does not know with 405 JSON", async () => {
    for (const method of ["CONNECT example.com:443", "BREW /api/v1/health"]) {
      const answer = parseRawAnswer(await rawExchange(baseUrl, `${method} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(answer.status).toBe(405);
      expect(answer.body.code).toBe("METHOD_NOT_ALLOWED");
    }
  });

  it("reads a proxy's absolute request target as its path, answers OPTIONS * and refuses other targets in JSON", async () => {
    // Next redirected the absolute form to the URL's own host (anyone's), and Node's URL parser made a plain-text 500 of "*".
    const absolute = parseRawAnswer(
      await rawExchange(
        baseUrl,
        "GET http://evil.example/api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      ),
    );
    expect(absolute.status).toBe(200);
    expect(absolute.body).toMatchObject({ status: "ok" });
    const options = parseRawAnswer(
      await rawExchange(baseUrl, "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    );
    expect(options.status).toBe(204);
    expect(options.head).toMatch(/^allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS$/im);
    const star = parseRawAnswer(await rawExchange(baseUrl, "GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
    expect(star.status).toBe(400);
    expect(star.body).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
  });

  it("answers headers or a URL over 16 KiB with 431 JSON", async () => {
    const bigHeader = parseRawAnswer(
      await rawExchange(baseUrl, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(17_000)}\r\n\r\n`),
    );
    const bigUrl = parseRawAnswer(
      await rawExchange(baseUrl, `GET /api/v1/health?q=${"a".repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    for (const answer of [bigHeader, bigUrl]) {
      expect(answer.status).toBe(431);
      expect(answer.body).toMatchObject({
        statusCode: 431,
        code: "REQUEST_HEADERS_TOO_LARGE",
        error: "Request Header Fields Too Large",
      });
    }
  });

  it.each(["/API/V1/health", "/api/v2/wallets", "/api", "/Api/Trpc/x", "/api/v1/nothing-here"])(
    "answers %s with a JSON 404",
    async (path) => {
      const response = await api.call("GET", path);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ statusCode: 404, code: "ROUTE_NOT_FOUND" });
      expect(response.headers.get("content-type")).toContain("application/json");
    },
  );

  it.each([
    ["GET", "/api/auth/nothing"],
    ["GET", "/api/auth/callback/nothing"],
    ["POST", "/api/auth/nothing"],
    ["GET", "/api/auth/session/extra"],
    ["POST", "/api/auth/_log"],
  ])("answers %s %s (no next-auth action) with a JSON 404", async (method, path) => {
    const response = await api.call(method, path);
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: "ROUTE_NOT_FOUND" });
    expect(Number(response.headers.get("ratelimit-limit"))).toBeGreaterThan(0);
  });

  it("answers next-auth's actions with a method they do not take with a JSON 405 naming theirs", async () => {
    for (const [method, path, allow] of [
      ["GET", "/api/auth/callback/credentials", "POST"],
      ["PUT", "/api/auth/session", "GET, POST"],
      ["PUT", "/api/trpc/credentials.list", "GET, POST"],
      // Next answered OPTIONS with 204 allowing every method, and PUT on the MCP route with an empty 405.
      ["OPTIONS", "/api/v1/openapi.json", "GET"],
      ["OPTIONS", "/api/trpc/credentials.list", "GET, POST"],
      ["PUT", "/api/v1/mcp", "POST"],
      ["GET", "/api/v1/mcp", "POST"],
    ] as const) {
      const response = await api.call(method, path);
      expect([method, path, response.status, response.body.code]).toEqual([method, path, 405, "METHOD_NOT_ALLOWED"]);
      expect(response.headers.get("allow")).toBe(allow);
      expect(response.headers.get("x-request-id")).toBe(response.body.request_id);
    }
  });

  it("answers HEAD on next-auth's GET actions as their GET, without a body (a plain-text 400 before)", async () => {
    const head = await rawRequest(`${baseUrl}/api/auth/session`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toContain("application/json");
    expect(head.text).toBe("");
  });

  it("checks a malformed or non-JSON body after authentication and scope (401 > 403 > 400)", async () => {
    const user = await api.signUp();
    const reader = await api.createToken(user.sessionToken, ["wallets:read"]);
    const writer = await api.createToken(user.sessionToken, ["transaction_templates:create"]);
    const send = (token: string | undefined, body: string, contentType: string) =>
      rawRequest(`${baseUrl}/api/v1/programmatic/transaction-templates`, {
        method: "POST",
        headers: {
          "content-type": contentType,
          "idempotency-key": `body-${randomUUID()}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    for (const [body, contentType, problem] of [
      ['{"direction": "expense",', "application/json", "not valid JSON"],
      ['{"direction": "expense"}', "text/plain", "Content-Type: application/json"],
      // JSON that is no object: before, null and false were read as {} and a string as fields 0, 1, 2.
      ["null", "application/json", "must be a JSON object, not null"],
      ["false", "application/json", "must be a JSON object, not a boolean"],
      ['"abc"', "application/json", "must be a JSON object, not a string"],
      ['[{"direction": "expense"}]', "application/json", "must be a JSON object, not an array"],
    ] as const) {
      expect((await send(undefined, body, contentType)).json().code).toBe("TOKEN_MISSING");
      expect((await send(reader.token, body, contentType)).json().code).toBe("INSUFFICIENT_SCOPE");
      const invalid = await send(writer.token, body, contentType);
      expect(invalid.status).toBe(400);
      expect(invalid.json().message).toContain(problem);
    }
  });

  it("answers a dashboard (tRPC) call sent as another type than JSON with 400 in the error body", async () => {
    // tRPC's own answer was a plain-text 415 whose body said 400 and carried no request id.
    const user = await api.signUp();
    const answer = await rawRequest(`${baseUrl}/api/trpc/categories.archive`, {
      method: "POST",
      headers: { "content-type": "text/plain", authorization: `Bearer ${user.sessionToken}` },
      body: '{"id":"x"}',
    });
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
    expect(answer.json().message).toContain("Content-Type: application/json (got text/plain)");
    expect(answer.json().request_id).toBe(answer.headers["x-request-id"]);
    // No type at all, or a JSON flavour tRPC does not read, is the same 400 (tRPC's own was a 415).
    for (const headers of [{}, { "content-type": "application/vnd.api+json" }] as Array<Record<string, string>>) {
      const other = await rawRequest(`${baseUrl}/api/trpc/categories.archive`, {
        method: "POST",
        headers: { ...headers, authorization: `Bearer ${user.sessionToken}` },
        body: '{"id":"x"}',
      });
      expect([JSON.stringify(headers), other.status, other.json().code]).toEqual([
        JSON.stringify(headers),
        400,
        "VALIDATION_FAILED",
      ]);
    }
  });

  it("puts RateLimit-* on health, the OpenAPI document, unknown paths and 405s", async () => {
    for (const [method, path] of [
      ["GET", "/api/v1/health"],
      ["GET", "/api/v1/openapi.json"],
      ["GET", "/api/v2/nothing"],
      ["PUT", "/api/v1/health"],
      ["GET", "/api/auth/csrf"],
      ["GET", "/api/dashboard/imports"],
      ["GET", "/api/v1/programmatic/imports"],
      ["TRACE", "/api/v1/health"],
      ["TRACE", "/api/trpc/credentials.list"],
      ["TRACE", "/api/v2/nothing"],
    ]) {
      // fetch refuses to send TRACE; node:http sends any method.
      const response = await rawRequest(`${baseUrl}${path}`, { method, headers: { "x-forwarded-for": randomIp() } });
      expect(Number(response.headers["ratelimit-limit"]), `${method} ${path}`).toBeGreaterThan(0);
      expect(response.headers["ratelimit-remaining"], `${method} ${path}`).toBeDefined();
    }
  });

  it("names in Allow what the route serves when refusing a method no route serves", async () => {
    for (const [path, allow] of [
      ["/api/v1/health", "GET"],
      ["/api/dashboard/imports", "POST"],
      ["/api/trpc/credentials.list", "GET, POST"],
    ]) {
      const response = await rawRequest(`${baseUrl}${path}`, { method: "TRACE" });
      expect([path, response.status, response.headers.allow]).toEqual([path, 405, allow]);
    }
  });
});

describe("headers on every answer", () => {
  it("sends RateLimit-* with every 405 and X-Request-Id with every next-auth answer", async () => {
    const probes: Array<[string, string]> = [
      ["PUT", "/api/trpc/system.health"],
      ["DELETE", "/api/auth/session"],
      ["PUT", "/api/v1/health"],
      ["GET", "/api/v1/mcp"],
      ["PUT", "/api/v1/openapi.json"],
      ["DELETE", "/api/dashboard/imports"],
      ["PROPFIND", "/api/v1/health"],
    ];
    for (const [method, path] of probes) {
      const response = await rawRequest(`${baseUrl}${path}`, { method, headers: { "x-forwarded-for": randomIp() } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers["ratelimit-limit"], `${method} ${path}`).toBe("600");
      expect(response.headers["x-request-id"], `${method} ${path}`).toBeTruthy();
    }
    for (const path of ["/api/auth/session", "/api/auth/csrf", "/api/auth/providers"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("sends Strict-Transport-Security when the public origin is https (this server's is)", async () => {
    const response = await fetch(`${baseUrl}/api/v1/health`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const page = await fetch(`${baseUrl}/sign-in`);
    expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
