import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ALL_SCOPES, createClient } from "./client";
import { connectMcp, createMcpWorkspace } from "./mcp-testing";

/**
 * CONTRACT "Strictness": a parameter or body field an operation does not take is 400
 * VALIDATION_FAILED naming it (a typo must not quietly widen an answer), and every such 400 lists
 * its problems in `issues` with their paths.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
let token: string;
let mcp: Client;

beforeAll(async () => {
  const workspace = await createMcpWorkspace(api);
  token = workspace.restToken;
  mcp = await connectMcp(await workspace.mcpToken(ALL_SCOPES), baseUrl);
});

afterAll(async () => {
  await mcp?.close();
});

describe("parameters and fields an operation does not take", () => {
  it("refuses a misspelt or invented query parameter instead of answering the whole list", async () => {
    for (const query of ["updated_since=2026-01-01", "uncategorised=true", "limt=5"]) {
      const name = query.split("=")[0]!;
      const answer = await api.call("GET", `/api/v1/programmatic/transactions?${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_FAILED");
      expect(answer.body.message).toContain(name);
      expect(answer.body.issues).toEqual([{ path: [name], code: "unrecognized_key", message: expect.any(String) }]);
    }
  });

  it("refuses them on the reports and the page-mode lists too, a cursor included", async () => {
    for (const path of [
      "/api/v1/programmatic/reports/cash-flow-summary?months=6",
      "/api/v1/programmatic/reports/income-stability?verbose=1",
      "/api/v1/programmatic/imports?cursor=abc",
      "/api/v1/programmatic/recurring-rules?state=active",
    ]) {
      const answer = await api.call("GET", path, { token });
      const name = new URL(path, "http://x").searchParams.keys().next().value;
      expect([answer.status, answer.body.issues?.[0]?.path], path).toEqual([400, [name]]);
    }
  });

  it("refuses a number query parameter not written in decimal digits, which Number() would have read", async () => {
    // Number("0x10") is 16, Number("1e1") 10, Number(" 7") 7 and Number("") 0: each was taken as a page size.
    for (const [path, name] of [
      ["/api/v1/programmatic/transactions?limit=0x10", "limit"],
      ["/api/v1/programmatic/transactions?limit=1e1", "limit"],
      ["/api/v1/programmatic/transactions?limit=%207", "limit"],
      ["/api/v1/programmatic/transactions?page=", "page"],
      ["/api/v1/programmatic/categories?limit=0b11", "limit"],
      ["/api/v1/programmatic/goals?page=Infinity", "page"],
    ] as const) {
      const answer = await api.call("GET", path, { token });
      expect([answer.status, answer.body.code], path).toEqual([400, "VALIDATION_FAILED"]);
      expect(answer.body.issues, path).toEqual([
        { path: [name], code: "invalid_type", message: expect.stringContaining("decimal digits") },
      ]);
    }
    const digits = await api.call("GET", "/api/v1/programmatic/transactions?limit=16", { token });
    expect([digits.status, digits.body.meta.limit]).toEqual([200, 16]);
    // After authentication and scope, as every 400 about the input (CONTRACT: 401 > 403 > 400).
    const anonymous = await api.call("GET", "/api/v1/programmatic/transactions?limit=0x10");
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "TOKEN_MISSING"]);
  });

  it("refuses a parameter of one value given several times, naming it, instead of a misleading 'must be a number'", async () => {
    for (const [query, name] of [
      ["limit=2&limit=3", "limit"],
      ["sort=amount&sort=date", "sort"],
      ["limit=5&search=a&search=b", "search"],
    ] as const) {
      const answer = await api.call("GET", `/api/v1/programmatic/transactions?${query}`, { token });
      expect([answer.status, answer.body.code], query).toEqual([400, "VALIDATION_FAILED"]);
      expect(answer.body.issues, query).toEqual([
        { path: [name], code: "invalid_type", message: "sent 2 times; give it once" },
      ]);
    }
  });

  it("refuses a malformed number only after the token's scope is checked", async () => {
    const user = await api.signUp();
    const walletsOnly = await api.createToken(user.sessionToken, ["wallets:read"]);
    const answer = await api.call("GET", "/api/v1/programmatic/transactions?limit=0x10", { token: walletsOnly.token });
    expect([answer.status, answer.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });

  it("still takes every documented parameter", async () => {
    const answer = await api.call(
      "GET",
      "/api/v1/programmatic/transactions?limit=5&page=1&category_id=uncategorised&sort=amount&order=asc&search=rewe",
      { token },
    );
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.body.data)).toBe(true);
  });

  it("names an unknown field of a JSON body where it is, nested ones included", async () => {
    const answer = await api.call("POST", "/api/v1/programmatic/categorisation-rules", {
      token,
      headers: { "idempotency-key": "strict-rule-0001" },
      body: {
        name: "Groceries",
        conditions: [{ field: "description", operator: "contains", value: "rewe", case: "ignore" }],
        category: "Groceries",
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_FAILED");
    const paths = (answer.body.issues as Array<{ path: unknown[] }>).map((issue) => issue.path);
    expect(paths).toContainEqual(["category"]);
  });

  it("refuses a query string sent beside a JSON body, which the operation would never read", async () => {
    const answer = await api.call("POST", "/api/v1/programmatic/transaction-templates?dry_run=true", {
      token,
      headers: { "idempotency-key": "strict-template-0001" },
      body: { direction: "expense", name: "x" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0]).toMatchObject({ path: ["dry_run"], code: "unrecognized_key" });
  });

  it("refuses parameters to an operation that takes none", async () => {
    const answer = await api.call("GET", "/api/v1/programmatic-access/credentials/current?verbose=1", { token });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: ["verbose"], code: "unrecognized_key", message: expect.any(String) }]);
  });

  it("checks the credential first: without a token an unknown parameter is still 401", async () => {
    const answer = await api.call("GET", "/api/v1/programmatic/transactions?updated_since=2026-01-01");
    expect(answer.status).toBe(401);
  });

  it("gives every input problem a path and a code, not only unknown names", async () => {
    const answer = await api.call("GET", "/api/v1/programmatic/transactions?limit=0", { token });
    expect(answer.status).toBe(400);
    expect(answer.body.issues).toEqual([{ path: ["limit"], code: "too_small", message: expect.any(String) }]);
    expect(answer.body.message).toContain("limit");
  });

  it("refuses a body that is not UTF-8 instead of storing replacement characters", async () => {
    const latin1 = Buffer.from('{"name":"caf\u00e9","conditions":[]}', "latin1");
    const response = await fetch(`${baseUrl}/api/v1/programmatic/categorisation-rules`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": "strict-utf8-0001",
      },
      body: latin1,
    });
    const body = (await response.json()) as { code: string; message: string; issues: unknown[] };
    expect([response.status, body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(body.message).toContain("UTF-8");
    expect(body.issues).toEqual([{ path: [], code: "invalid_encoding", message: expect.any(String) }]);
  });

  it("answers HEAD wherever GET answers, with the GET's headers and no body", async () => {
    const get = await fetch(`${baseUrl}/api/v1/programmatic/accounts`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const head = await fetch(`${baseUrl}/api/v1/programmatic/accounts`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${token}` },
    });
    expect([head.status, await head.text()]).toEqual([200, ""]);
    expect(head.headers.get("etag")).toBe(get.headers.get("etag"));
    expect((await fetch(`${baseUrl}/api/v1/health`, { method: "HEAD" })).status).toBe(200);
  });

  it("leaves the health check's query alone (a probe's cache-buster)", async () => {
    const answer = await api.call("GET", "/api/v1/health?_=1700000000");
    expect(answer.status).toBe(200);
  });
});

describe("MCP tools take only their arguments", () => {
  it("refuses an argument the tool does not have, naming it, and answers the same call without it", async () => {
    const refused = await mcp.callTool({ name: "list_transactions", arguments: { limit: 5, updated_since: "x" } });
    expect(refused.isError).toBe(true);
    const body = refused.structuredContent as { code: string; issues: Array<{ path: unknown[] }> };
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.issues.map((issue) => issue.path)).toEqual([["updated_since"]]);
    const answered = await mcp.callTool({ name: "list_transactions", arguments: { limit: 5 } });
    expect(answered.isError).toBeFalsy();
  });
});
