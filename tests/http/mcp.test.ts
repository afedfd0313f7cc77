import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO } from "./browser-session";
import { ALL_SCOPES, createClient } from "./client";
import { startServer, type RunningServer } from "./server";

/**
 * The MCP server at /api/v1/mcp through the official SDK client, as an AI assistant's host would
 * use it: mcp (pfm_) credentials only, tools made from the programmatic operations, the token's
 * scopes deciding which are listed, answers equal to REST's.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

let session: string;
let restToken: string;

beforeAll(async () => {
  // A workspace of its own: its wallets must not show in the demo workspace other files count.
  session = (await api.signUp()).sessionToken;
  restToken = (await api.createToken(session, ALL_SCOPES)).token;
  const wallet = await api.call("POST", "/api/trpc/manage.wallets.create", {
    token: session,
    body: {
      name: "MCP wallet",
      accounts: [{ currency_code: "EUR", opening_balance: "250.00", opening_balance_date: "2025-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
});

async function connect(token: string, server = baseUrl): Promise<Client> {
  const client = new Client({ name: "pfa-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server}/api/v1/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

const mcpToken = async (scopes: string[]) => (await api.createToken(session, scopes, "mcp")).token;

describe("the MCP server", () => {
  it("lists exactly the tools the token's scopes allow", async () => {
    const all = await connect(await mcpToken(ALL_SCOPES));
    const names = (await all.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "list_accounts",
        "list_wallets",
        "report_cash_flow_summary",
        "confirm_import",
        "create_transaction_template",
      ]),
    );
    await all.close();

    const reports = await connect(await mcpToken(["reports:read"]));
    const listed = (await reports.listTools()).tools;
    expect(listed.map((tool) => tool.name).sort()).toEqual(names.filter((name) => name.startsWith("report_")).sort());
    expect(listed[0]!.description).toContain("Needs the token scope reports:read.");
    // A write's key argument states the rules the server applies to it.
    const writer = await connect(await mcpToken(["transaction_templates:create"]));
    const [create] = (await writer.listTools()).tools;
    expect(create!.inputSchema.properties!.idempotency_key).toMatchObject({
      type: "string",
      minLength: 16,
      maxLength: 128,
      pattern: "^[\\x21-\\x7e]+$",
    });
    expect(create!.inputSchema.required).toContain("idempotency_key");
    await writer.close();
    await reports.close();
  });

  it("answers list_accounts with the balances REST answers", async () => {
    const client = await connect(await mcpToken(["transactions:read"]));
    const result = await client.callTool({ name: "list_accounts", arguments: { limit: 200 } });
    expect(result.isError).toBeFalsy();
    const viaMcp = (
      result.structuredContent as { data: Array<{ id: string; attributes: { current_balance: string } }> }
    ).data;
    const viaRest = (await api.call("GET", "/api/v1/programmatic/accounts?limit=200", { token: restToken })).body.data;
    expect(viaMcp.map((a) => [a.id, a.attributes.current_balance])).toEqual(
      viaRest.map((a: any) => [a.id, a.attributes.current_balance]),
    );
    expect(viaMcp.some((a) => a.attributes.current_balance === "250.00")).toBe(true);
    await client.close();
  });

  it("calls a report, and writes once per idempotency key", async () => {
    const client = await connect(await mcpToken(ALL_SCOPES));
    const report = await client.callTool({ name: "report_cash_flow_summary", arguments: {} });
    expect(report.isError).toBeFalsy();
    expect(report.structuredContent).toHaveProperty("data");

    const accounts = (await client.callTool({ name: "list_wallets", arguments: {} })).structuredContent as {
      data: Array<{ id: string }>;
    };
    const key = randomUUID();
    const template = {
      idempotency_key: key,
      direction: "expense",
      name: `Coffee ${key.slice(0, 6)}`,
      source_wallet_id: accounts.data[0]!.id,
      amount_minor: "320",
      currency_code: "EUR",
    };
    const first = await client.callTool({ name: "create_transaction_template", arguments: template });
    const second = await client.callTool({ name: "create_transaction_template", arguments: template });
    expect(first.isError, JSON.stringify(first.structuredContent)).toBeFalsy();
    expect((second.structuredContent as { data: { id: string } }).data.id).toBe(
      (first.structuredContent as { data: { id: string } }).data.id,
    );
    await client.close();
  });

  it("answers errors in the error body: a missing idempotency key, a scope the token lacks", async () => {
    const client = await connect(await mcpToken(["reports:read"]));
    const scoped = await client.callTool({ name: "list_accounts", arguments: {} });
    expect(scoped.isError).toBe(true);
    expect(scoped.structuredContent).toMatchObject({ statusCode: 403, code: "INSUFFICIENT_SCOPE" });
    await client.close();

    const writer = await connect(await mcpToken(["transaction_templates:create"]));
    const keyless = await writer.callTool({
      name: "create_transaction_template",
      arguments: { direction: "expense", name: "x" },
    });
    expect(keyless.isError).toBe(true);
    expect(keyless.structuredContent).toMatchObject({ statusCode: 400, code: "IDEMPOTENCY_KEY_INVALID" });
    await writer.close();
  });

  it("refuses REST tokens and session tokens, and a revoked mcp token at once, with 401 in the error body", async () => {
    for (const token of [restToken, session]) {
      const response = await fetch(`${baseUrl}/api/v1/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ statusCode: 401, code: "TOKEN_INVALID" });
    }
    // Stateless: no server-to-client stream to open.
    const stream = await fetch(`${baseUrl}/api/v1/mcp`, {
      headers: { authorization: `Bearer ${await mcpToken(["reports:read"])}`, accept: "text/event-stream" },
    });
    expect(stream.status).toBe(405);

    const created = await api.createToken(session, ["reports:read"], "mcp");
    const client = await connect(created.token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(
      (await api.call("DELETE", `/api/v1/programmatic-access/credentials/${created.id}`, { token: session })).status,
    ).toBe(204);
    await expect(client.listTools()).rejects.toThrow(/401|revoked/i);
  });
});

describe("the MCP server's output schemas", () => {
  type Structured = Record<string, any>;

  it("gives every tool an outputSchema its answers and its refusals validate against", async () => {
    // The demo workspace: 24 months of history, so every report has rows to check.
    const demoSession = await api.signIn(DEMO.email, DEMO.password);
    const client = await connect((await api.createToken(demoSession, ALL_SCOPES, "mcp")).token);
    const tools = (await client.listTools()).tools;
    for (const tool of tools) expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
    const validate = (name: string, answer: unknown) => {
      const schema = tools.find((tool) => tool.name === name)!.outputSchema!;
      const result = new AjvJsonSchemaValidator().getValidator(schema)(answer);
      expect(result.valid, `${name}: ${result.errorMessage}`).toBe(true);
    };
    // The SDK client validates structuredContent against the listed outputSchema itself, and throws when it does not match.
    const call = async (name: string, args: Record<string, unknown> = {}): Promise<Structured> => {
      const result = await client.callTool({ name, arguments: args });
      validate(name, result.structuredContent);
      return { ...(result.structuredContent as Structured), isError: result.isError === true };
    };

    const wallets = await call("list_wallets", { limit: 200 });
    expect(wallets.data.length).toBeGreaterThan(0);
    await call("get_wallet", { id: wallets.data[0].id });
    await call("list_accounts", { limit: 200 });
    await call("list_categories", { limit: 200 });
    const transactions = await call("list_transactions", { limit: 20 });
    expect(transactions.data).toHaveLength(20);
    await call("list_imports");
    await call("list_goals");
    await call("list_recurring_rules");
    const budgets = await call("list_budgets");
    if (budgets.data.length > 0) await call("get_budget", { id: budgets.data[0].id });
    const cashFlow = await call("report_cash_flow_summary", { range: "full" });
    expect(cashFlow.data.attributes.monthly_trend.length).toBeGreaterThan(1);
    for (const report of [
      "report_category_heatmap",
      "report_income_stability",
      "report_uncategorized_clusters",
      "report_recurring_detection",
      "report_category_drift",
    ]) {
      await call(report);
    }
    const insights = await call("list_insights", { period: cashFlow.data.attributes.month });
    if (insights.insights.length > 0) await call("get_insight", { id: insights.insights[0].id });
    // A refusal's error body validates too.
    expect(await call("get_import", { id: randomUUID() })).toMatchObject({
      isError: true,
      statusCode: 404,
      code: "RESOURCE_NOT_FOUND",
    });
    await client.close();

    // A write, in this file's own workspace.
    const writer = await connect(await mcpToken(["wallets:read", "transaction_templates:create"]));
    await writer.listTools();
    const own = (await writer.callTool({ name: "list_wallets", arguments: {} })).structuredContent as Structured;
    const key = randomUUID();
    const created = await writer.callTool({
      name: "create_transaction_template",
      arguments: {
        idempotency_key: key,
        direction: "expense",
        name: `Rent ${key.slice(0, 6)}`,
        source_wallet_id: own.data[0].id,
        amount_minor: "90000",
        currency_code: "EUR",
      },
    });
    expect(created.isError, JSON.stringify(created.structuredContent)).toBeFalsy();
    await writer.close();
  });
});

describe("the MCP server's resources", () => {
  it("serves the workspace summary with the balances REST answers, and the categories", async () => {
    const client = await connect(await mcpToken(ALL_SCOPES));
    const { resources } = await client.listResources();
    expect(resources.map((resource) => [resource.uri, resource.mimeType])).toEqual([
      ["finance://workspace/summary", "application/json"],
      ["finance://workspace/categories", "application/json"],
    ]);

    const [summary] = (await client.readResource({ uri: "finance://workspace/summary" })).contents;
    expect(summary).toMatchObject({ uri: "finance://workspace/summary", mimeType: "application/json" });
    const body = JSON.parse((summary as { text: string }).text);
    const accounts = (await api.call("GET", "/api/v1/programmatic/accounts?limit=200", { token: restToken })).body.data;
    const balances = (list: Array<{ id: string; currency_code: string; current_balance: string }>) =>
      list.map((a) => [a.id, a.currency_code, a.current_balance]);
    expect(balances(body.accounts)).toEqual(balances(accounts.map((a: any) => ({ id: a.id, ...a.attributes }))));
    expect(body.accounts.some((account: { current_balance: string }) => account.current_balance === "250.00")).toBe(
      true,
    );
    const wallets = (await api.call("GET", "/api/v1/programmatic/wallets?limit=200", { token: restToken })).body.data;
    expect(body.wallets.map((w: any) => [w.id, w.name, w.total_balance, w.total_balance_currency])).toEqual(
      wallets.map((w: any) => [
        w.id,
        w.attributes.name,
        w.attributes.total_balance,
        w.attributes.total_balance_currency.code,
      ]),
    );

    const [categories] = (await client.readResource({ uri: "finance://workspace/categories" })).contents;
    const restCategories = (await api.call("GET", "/api/v1/programmatic/categories?limit=200", { token: restToken }))
      .body.data;
    expect(JSON.parse((categories as { text: string }).text).categories.map((c: { name: string }) => c.name)).toEqual(
      restCategories.map((c: any) => c.attributes.name),
    );

    await expect(client.readResource({ uri: "finance://workspace/nothing" })).rejects.toMatchObject({
      code: -32002,
      data: { statusCode: 404, code: "RESOURCE_NOT_FOUND" },
    });
    await client.close();
  });

  it("does not list a resource whose tools the token's scopes do not allow, and refuses to read it", async () => {
    // wallets:read without transactions:read (the accounts' and categories' scope).
    const client = await connect(await mcpToken(["wallets:read", "reports:read"]));
    expect((await client.listResources()).resources).toEqual([]);
    await expect(client.readResource({ uri: "finance://workspace/summary" })).rejects.toMatchObject({
      code: -32600,
      data: { statusCode: 403, code: "INSUFFICIENT_SCOPE" },
    });
    await client.close();

    const reader = await connect(await mcpToken(["transactions:read"]));
    expect((await reader.listResources()).resources.map((resource) => resource.uri)).toEqual([
      "finance://workspace/categories",
    ]);
    await reader.close();
  });
});

describe("the MCP server's prompts", () => {
  it("lists the prompts whose tools the token may call, and gives their text", async () => {
    const client = await connect(await mcpToken(ALL_SCOPES));
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(["monthly_review", "categorise_uncategorised"]);
    expect(prompts[0]!.arguments).toEqual([expect.objectContaining({ name: "month", required: false })]);

    const review = await client.getPrompt({ name: "monthly_review", arguments: { month: "2025-03" } });
    expect(review.messages).toHaveLength(1);
    const text = (review.messages[0]!.content as { text: string }).text;
    for (const step of [
      'report_cash_flow_summary with month "2025-03"',
      'report_category_drift with month "2025-03"',
      'list_budgets with period_date "2025-03-01"',
      'list_insights with period "2025-03"',
    ]) {
      expect(text).toContain(step);
    }
    const current = (await client.getPrompt({ name: "monthly_review" })).messages[0]!.content as { text: string };
    expect(current.text).toContain("the current month");
    await expect(client.getPrompt({ name: "monthly_review", arguments: { month: "March" } })).rejects.toMatchObject({
      code: -32602,
      data: { statusCode: 400, code: "VALIDATION_FAILED" },
    });

    const categorise = await client.getPrompt({ name: "categorise_uncategorised" });
    expect((categorise.messages[0]!.content as { text: string }).text).toContain("report_uncategorized_clusters");
    await client.close();

    // reports:read and transactions:read: the clusters and the categories, but not budgets or insights.
    const partial = await connect(await mcpToken(["reports:read", "transactions:read"]));
    expect((await partial.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["categorise_uncategorised"]);
    await expect(partial.getPrompt({ name: "monthly_review" })).rejects.toMatchObject({
      code: -32600,
      data: { statusCode: 403, code: "INSUFFICIENT_SCOPE" },
    });
    await partial.close();
  });
});

describe("the MCP server's rate limit", () => {
  let limited: RunningServer;
  let limitedApi: ReturnType<typeof createClient>;

  beforeAll(async () => {
    limited = await startServer({ env: { RATE_LIMIT_PER_MINUTE: "5", SEED_ON_EMPTY: "false" } });
    limitedApi = createClient(limited.baseUrl);
  });
  afterAll(async () => limited?.stop());

  it("spends one unit per HTTP request, as a REST request does, and refuses the request past the limit with 429", async () => {
    const user = await limitedApi.signUp();
    const { token } = await limitedApi.createToken(user.sessionToken, ["transactions:read"], "mcp");
    const post = (id: number, method: string, params: Record<string, unknown> = {}) =>
      fetch(`${limited.baseUrl}/api/v1/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
      });
    const remaining: string[] = [];
    for (let id = 1; id <= 5; id += 1) {
      const response = await post(id, "tools/call", { name: "list_accounts", arguments: {} });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get("ratelimit-remaining")!);
      const { result } = (await response.json()) as { result: Record<string, any> };
      expect(result.isError).not.toBe(true);
      expect(result.structuredContent.data).toEqual([]);
    }
    // The tool call runs inside the request's own unit: no second look-up, no second unit.
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);

    const refused = await post(6, "tools/list");
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body).toEqual({
      statusCode: 429,
      code: "RATE_LIMITED",
      error: "Too Many Requests",
      message: expect.stringContaining("Rate limit"),
      request_id: expect.any(String),
    });
    expect(refused.headers.get("x-request-id")).toBe(body.request_id);
    expect([refused.headers.get("ratelimit-limit"), refused.headers.get("ratelimit-remaining")]).toEqual(["5", "0"]);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The SDK client sees the refused request as an error saying 429.
    await expect(connect(token, limited.baseUrl)).rejects.toThrow(/429|rate limit/i);
  });

  it("charges a batch of JSON-RPC messages one unit per message", async () => {
    const user = await limitedApi.signUp();
    const { token } = await limitedApi.createToken(user.sessionToken, ["transactions:read"], "mcp");
    const batch = (first: number) =>
      fetch(`${limited.baseUrl}/api/v1/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify(
          [0, 1, 2].map((n) => ({
            jsonrpc: "2.0",
            id: first + n,
            method: "tools/call",
            params: { name: "list_accounts", arguments: {} },
          })),
        ),
      });
    const answered = await batch(1);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("ratelimit-remaining")).toBe("2");
    // Three more messages with two units left: the request is refused whole, nothing runs.
    const refused = await batch(4);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: "RATE_LIMITED" });
  });
});
