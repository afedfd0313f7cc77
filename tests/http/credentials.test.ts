import { createHash } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";
import { query, sharedServerDatabase } from "./postgres";
import { SecretRecorder } from "./secrets";

const api = createClient(inject("baseUrl"));
const databaseUrl = sharedServerDatabase();
const secrets = new SecretRecorder();
const DAY = 86_400_000;
const CURRENT = "/api/v1/programmatic-access/credentials/current";

let session: string;

const sql = (text: string, params: unknown[] = []) => query(databaseUrl, text, params);

beforeAll(async () => {
  session = secrets.add((await api.signUp()).sessionToken);
});

describe("endpoint 1: create a token credential", () => {
  it("answers 201 with the plaintext token once, bound to the session's workspace", async () => {
    const me = await api.call("GET", "/api/v1/auth/sessions/current", { token: session });
    const response = await api.call("POST", "/api/v1/programmatic-access/credentials", {
      token: session,
      body: { name: "budget script", audience: "programmatic_api", scopes: ["wallets:read", "budgets:read"] },
    });
    expect(response.status).toBe(201);
    const { type, id, attributes } = response.body.data;
    expect(type).toBe("credentials");
    expect(secrets.add(attributes.token)).toMatch(/^pfa_[0-9A-Za-z]{42}$/);
    expect(attributes).toMatchObject({
      name: "budget script",
      audience: "programmatic_api",
      scopes: ["wallets:read", "budgets:read"],
      token_prefix: attributes.token.slice(0, 8),
      status: "active",
      workspace_id: me.body.data.attributes.workspace.id,
      last_used_at: null,
      revoked_at: null,
    });
    expect(Math.abs(Date.parse(attributes.expires_at) - (Date.now() + 90 * DAY))).toBeLessThan(60_000);

    const list = await api.call("GET", "/api/v1/programmatic-access/credentials", { token: session });
    const listed = list.body.data.find((item: { id: string }) => item.id === id);
    expect(listed.attributes.token_prefix).toBe(attributes.token.slice(0, 8));
    expect(JSON.stringify(list.body)).not.toContain(attributes.token);
    expect(list.body.meta).toMatchObject({ pagination: "page", page: 1, limit: 50 });
  });

  it("makes pfm_ tokens for the mcp audience and honours expires_in_days", async () => {
    const response = await api.call("POST", "/api/v1/programmatic-access/credentials", {
      token: session,
      body: { name: "assistant", audience: "mcp", scopes: ["reports:read"], expires_in_days: 7 },
    });
    expect(response.status).toBe(201);
    expect(secrets.add(response.body.data.attributes.token)).toMatch(/^pfm_/);
    expect(Math.abs(Date.parse(response.body.data.attributes.expires_at) - (Date.now() + 7 * DAY))).toBeLessThan(
      60_000,
    );
  });

  it.each([
    [{ name: "", audience: "programmatic_api", scopes: ["wallets:read"] }, "name"],
    [{ name: "x".repeat(101), audience: "programmatic_api", scopes: ["wallets:read"] }, "name"],
    [{ name: "t", audience: "browser", scopes: ["wallets:read"] }, "audience"],
    [{ name: "t", audience: "programmatic_api", scopes: [] }, "scopes"],
    [{ name: "t", audience: "programmatic_api", scopes: ["wallets:write"] }, "scopes"],
    [{ name: "t", audience: "programmatic_api", scopes: ["wallets:read"], expires_in_days: 0 }, "expires_in_days"],
    [{ name: "t", audience: "programmatic_api", scopes: ["wallets:read"], expires_in_days: 366 }, "expires_in_days"],
    [{ name: "t", audience: "programmatic_api", scopes: ["wallets:read"], expires_in_days: 1.5 }, "expires_in_days"],
  ])("answers 400 naming the field for %j", async (body, field) => {
    const response = await api.call("POST", "/api/v1/programmatic-access/credentials", { token: session, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain(field);
  });

  it("needs a session token: none is 401 TOKEN_MISSING, a PAT is 401 TOKEN_INVALID", async () => {
    const body = { name: "t", audience: "programmatic_api", scopes: ["wallets:read"] };
    const missing = await api.call("POST", "/api/v1/programmatic-access/credentials", { body });
    expect([missing.status, missing.body.code]).toEqual([401, "TOKEN_MISSING"]);
    const { token } = await api.createToken(session, ALL_SCOPES);
    const withPat = await api.call("POST", "/api/v1/programmatic-access/credentials", {
      token: secrets.add(token),
      body,
    });
    expect([withPat.status, withPat.body.code]).toEqual([401, "TOKEN_INVALID"]);
  });

  it("stores only the token's SHA-256", async (context) => {
    if (!databaseUrl) context.skip("needs direct database access (PostgreSQL run)");
    const { id, token } = await api.createToken(session, ["wallets:read"]);
    secrets.add(token);
    const rows = await sql(`SELECT * FROM credentials WHERE id = $1`, [id]);
    expect(rows[0].token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows[0])).not.toContain(token.slice(4));
  });
});

describe("the personal access token check", () => {
  it("answers each 401 code", async () => {
    const expectCode = async (token: string | undefined, code: string) => {
      const response = await api.call("GET", CURRENT, { token });
      expect([response.status, response.body.code]).toEqual([401, code]);
    };
    await expectCode(undefined, "TOKEN_MISSING");
    await expectCode("not-a-token", "TOKEN_INVALID");
    const { token } = await api.createToken(session, ["wallets:read"]);
    secrets.add(token);
    await expectCode(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "TOKEN_INVALID");
    await expectCode("pfa_000000000000000000000000000000000000000000", "TOKEN_INVALID");
    await expectCode(session, "TOKEN_INVALID");
    const mcp = await api.createToken(session, ["reports:read"], "mcp");
    await expectCode(secrets.add(mcp.token), "TOKEN_INVALID");
  });

  it("answers 401 TOKEN_EXPIRED after the expiry", async (context) => {
    if (!databaseUrl) context.skip("needs direct database access to move the expiry (PostgreSQL run)");
    const { id, token } = await api.createToken(session, ["wallets:read"]);
    await sql(`UPDATE credentials SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const response = await api.call("GET", CURRENT, { token: secrets.add(token) });
    expect([response.status, response.body.code]).toEqual([401, "TOKEN_EXPIRED"]);
  });

  it("accepts a live token, records its last use and sends the rate-limit headers", async () => {
    const { id, token } = await api.createToken(session, ["wallets:read"]);
    const response = await api.call("GET", CURRENT, { token: secrets.add(token) });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id, attributes: { scopes: ["wallets:read"], status: "active" } });
    expect(response.headers.get("ratelimit-limit")).toBe("600");
    expect(Number(response.headers.get("ratelimit-remaining"))).toBe(599);
    expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const list = await api.call("GET", "/api/v1/programmatic-access/credentials", { token: session });
    const listed = list.body.data.find((item: { id: string }) => item.id === id);
    expect(Date.now() - Date.parse(listed.attributes.last_used_at)).toBeLessThan(60_000);
  });

  it("revocation takes effect on the very next request", async () => {
    const { id, token } = await api.createToken(session, ["wallets:read"]);
    secrets.add(token);
    expect((await api.call("GET", CURRENT, { token })).status).toBe(200);
    const revoke = await api.call("DELETE", `/api/v1/programmatic-access/credentials/${id}`, { token: session });
    expect(revoke.status).toBe(204);
    const after = await api.call("GET", CURRENT, { token });
    expect([after.status, after.body.code]).toEqual([401, "TOKEN_REVOKED"]);
    const list = await api.call("GET", "/api/v1/programmatic-access/credentials", { token: session });
    expect(list.body.data.find((item: { id: string }) => item.id === id).attributes.status).toBe("revoked");
  });

  it("answers 404 for another user's credential and 400 for a malformed id", async () => {
    const other = await api.signUp();
    const { id } = await api.createToken(secrets.add(other.sessionToken), ["wallets:read"]);
    const foreign = await api.call("DELETE", `/api/v1/programmatic-access/credentials/${id}`, { token: session });
    expect([foreign.status, foreign.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    const malformed = await api.call("DELETE", "/api/v1/programmatic-access/credentials/123", { token: session });
    expect([malformed.status, malformed.body.code]).toEqual([400, "VALIDATION_FAILED"]);
  });

  it("answers 403 INSUFFICIENT_SCOPE on every scoped endpoint for a token with every other scope", async () => {
    const document = (await api.call("GET", "/api/v1/openapi.json")).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => typeof operation["x-required-scope"] === "string")
        .map(([method, operation]) => ({
          path,
          method: method.toUpperCase(),
          scope: operation["x-required-scope"] as string,
          alsoGrantedBy: (operation["x-also-granted-by"] ?? []) as string[],
        })),
    );
    for (const operation of operations) {
      expect(ALL_SCOPES).toContain(operation.scope);
      const { token } = await api.createToken(
        session,
        ALL_SCOPES.filter((scope) => scope !== operation.scope && !operation.alsoGrantedBy.includes(scope)),
      );
      const path = operation.path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      const response = await api.call(operation.method, path, {
        token: secrets.add(token),
        body: operation.method === "GET" ? undefined : {},
      });
      expect([operation.path, response.status, response.body.code]).toEqual([
        operation.path,
        403,
        "INSUFFICIENT_SCOPE",
      ]);
      expect(response.body.message).toContain(operation.scope);
    }
  });
});

describe("secrets", () => {
  it("never reach the server's log", () => {
    secrets.expectAbsentFrom(inject("serverLogFile"));
  });
});
