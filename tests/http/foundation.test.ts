import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, inject, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { createClient } from "./client";
import { query, sharedServerDatabase } from "./postgres";

const baseUrl = inject("baseUrl");
const databaseUrl = sharedServerDatabase();
const api = createClient(baseUrl);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function expectEnvelope(response: Response, status: number, code: string, reason: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = await response.json();
  expect(Object.keys(body).sort()).toEqual(["code", "error", "message", "request_id", "statusCode"]);
  expect(body).toMatchObject({ statusCode: status, code, error: reason });
  expect(body.request_id).toMatch(UUID);
  expect(response.headers.get("x-request-id")).toBe(body.request_id);
  return body;
}

describe("health", () => {
  it("answers 200 with the database ok and the service version", async () => {
    const response = await fetch(`${baseUrl}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      database: "ok",
      rate_limit_store: "memory",
      version: packageJson.version,
    });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
  });
});

describe("errors on the REST surface", () => {
  it("answers an unknown programmatic path with the 404 envelope", async () => {
    const body = await expectEnvelope(
      await fetch(`${baseUrl}/api/v1/programmatic/does-not-exist`),
      404,
      "ROUTE_NOT_FOUND",
      "Not Found",
    );
    expect(body.message).toContain("/api/v1/programmatic/does-not-exist");
  });

  it("answers a wrong method with 405 and an Allow header", async () => {
    const response = await fetch(`${baseUrl}/api/v1/health`, { method: "POST" });
    await expectEnvelope(response, 405, "METHOD_NOT_ALLOWED", "Method Not Allowed");
    expect(response.headers.get("allow")).toBe("GET");
    const onDocument = await fetch(`${baseUrl}/api/v1/openapi.json`, { method: "DELETE" });
    await expectEnvelope(onDocument, 405, "METHOD_NOT_ALLOWED", "Method Not Allowed");
  });
});

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document generated from the routers", async () => {
    const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe(packageJson.version);
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const health = document.paths["/api/v1/health"].get;
    expect(health.security).toEqual([]);
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(["200", "500"]));
    const internal = document.components.responses[health.responses["500"].$ref.replace("#/components/responses/", "")];
    expect(internal.content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(document.components.schemas.Error.required).toEqual(
      expect.arrayContaining(["statusCode", "code", "message", "error", "request_id"]),
    );
  });
});

describe("API docs page", () => {
  it("serves the page and its Swagger UI assets from the app itself", async () => {
    const page = await fetch(`${baseUrl}/docs/api`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/docs/api/assets/swagger-ui-bundle.js");
    expect(html).not.toMatch(/https?:\/\/(unpkg|cdn|cdnjs|jsdelivr)/);
    const bundle = await fetch(`${baseUrl}/docs/api/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    expect((await fetch(`${baseUrl}/docs/api/assets/package.json`)).status).toBe(404);
  });
});

describe("start-up on an empty database", () => {
  it("migrated and seeded the demo workspace", async (context) => {
    // With the embedded database the server holds it exclusively; the PostgreSQL run checks it here,
    // and server/db/startup.test.ts checks the same start-up path on PGlite.
    if (!databaseUrl) context.skip("PGlite run: covered by server/db/startup.test.ts");
    const [migrations] = await query(
      databaseUrl,
      `SELECT count(*)::int AS n FROM "_prisma_migrations" WHERE finished_at IS NOT NULL`,
    );
    expect(migrations.n).toBeGreaterThan(0);
    const workspace = await query(
      databaseUrl,
      `SELECT w.name, w.timezone, w.plan, c.code FROM workspaces w JOIN currencies c ON c.id = w.home_currency_id
        JOIN memberships m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id WHERE u.email = 'demo@example.com'`,
    );
    expect(workspace).toEqual([{ name: "Demo", timezone: "Europe/Berlin", plan: "free", code: "EUR" }]);
  });
});

describe("the production server's direct REST path", () => {
  it("gzips a large answer for a client that accepts it, and sends the same JSON plain to one that does not", async () => {
    const demo = await api.signIn("demo@example.com", "demo-password-1234");
    const { token } = await api.createToken(demo, ["transactions:read"]);
    const headers = { authorization: `Bearer ${token}` };
    const plain = await fetch(`${baseUrl}/api/v1/programmatic/categories`, {
      headers: { ...headers, "accept-encoding": "identity" },
    });
    const plainBody = await plain.text();
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(plainBody));

    // Node's fetch decompresses by itself; the raw headers say what travelled.
    const zipped = await fetch(`${baseUrl}/api/v1/programmatic/categories`, {
      headers: { ...headers, "accept-encoding": "gzip" },
    });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(zipped.headers.get("content-length"))).toBeLessThan(Buffer.byteLength(plainBody) / 2);
    expect(JSON.parse(await zipped.text())).toEqual(JSON.parse(plainBody));

    // A small answer (here an error) is never worth compressing.
    const refused = await fetch(`${baseUrl}/api/v1/programmatic/categories`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(refused.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
