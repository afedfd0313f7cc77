import { randomUUID } from "node:crypto";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO } from "./browser-session";
import { ALL_SCOPES, createClient } from "./client";
import { connectMcp, createMcpWorkspace, postMcp } from "./mcp-testing";

/**
 * The MCP server's tools at /api/v1/mcp through the official SDK client, as an AI assistant's host
 * would use them: mcp (pfm_) credentials only, tools made from the programmatic operations, the
 * token's scopes deciding which are listed, answers equal to REST's and valid against their schemas.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const connect = (token: string) => connectMcp(token, baseUrl);

let session: string;
let restToken: string;
let mcpToken: (scopes: string[]) => Promise<string>;

beforeAll(async () => {
  ({ session, restToken, mcpToken } = await createMcpWorkspace(api));
});

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
    expect(listed.map((tool) => tool.name).sort()).toEqual(
      names.filter((name) => name.startsWith("report_") || name === "monthly_overview").sort(),
    );
    // Plain words for a model: a title, no numbering from the specification, annotations a host reads.
    for (const tool of listed) {
      expect(tool.title, tool.name).toMatch(/^[A-Z]/);
      expect(`${tool.title} ${tool.description}`, tool.name).not.toMatch(/\((endpoint \d+|extension)\)/);
      expect(tool.annotations, tool.name).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
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

  it("cuts a wide list's items to the fields asked for, and names the fields a list does not have", async () => {
    const client = await connect(await mcpToken(["transactions:read", "budgets:read"]));
    const { tools } = await client.listTools();
    const selecting = tools.filter((tool) => "fields" in (tool.inputSchema.properties ?? {})).map((tool) => tool.name);
    expect(selecting).toEqual(expect.arrayContaining(["list_accounts", "list_transactions", "list_budgets"]));
    // Only lists, and only the wide ones.
    expect(selecting.every((name) => name.startsWith("list_"))).toBe(true);
    expect(selecting.length).toBeLessThan(tools.filter((tool) => tool.name.startsWith("list_")).length);

    const full = await client.callTool({ name: "list_accounts", arguments: { limit: 200 } });
    const cut = await client.callTool({
      name: "list_accounts",
      arguments: { limit: 200, fields: ["name", "current_balance"] },
    });
    expect(cut.isError).toBeFalsy();
    type Items = { data: Array<{ id: string; type: string; attributes: Record<string, unknown> }> };
    const fullItems = (full.structuredContent as Items).data;
    const cutItems = (cut.structuredContent as Items).data;
    expect(cutItems.map((item) => [item.id, item.type, item.attributes])).toEqual(
      fullItems.map((item) => [
        item.id,
        item.type,
        { name: item.attributes.name, current_balance: item.attributes.current_balance },
      ]),
    );
    const textOf = (result: typeof full) => (result.content as Array<{ text: string }>)[0]!.text;
    expect(textOf(cut).length).toBeLessThan(textOf(full).length / 3);
    // A list whose items have no attributes object: its own fields, id kept.
    const budgets = await client.callTool({ name: "list_budgets", arguments: { fields: ["name"] } });
    for (const item of (budgets.structuredContent as { data: Array<Record<string, unknown>> }).data)
      expect(Object.keys(item.attributes ?? item).sort()).toEqual(item.attributes ? ["name"] : ["id", "name"]);

    const misspelt = await client.callTool({ name: "list_accounts", arguments: { fields: ["name", "balanse"] } });
    expect(misspelt.isError).toBe(true);
    expect(misspelt.structuredContent).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
    expect(textOf(misspelt)).toMatch(/fields: balanse is not a field of this list's items; they are .*current_balance/);
    const notAList = await client.callTool({ name: "list_accounts", arguments: { fields: "name" } });
    expect(notAList.structuredContent).toMatchObject({ code: "VALIDATION_FAILED" });
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

  it("tries a bulk write first: without dry_run false it changes nothing and needs no key", async () => {
    const client = await connect(await mcpToken(["transactions:read", "transactions:write"]));
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return { isError: result.isError === true, body: result.structuredContent as Record<string, any> };
    };
    const accounts = await call("list_accounts", { limit: 200 });
    const account = accounts.body.data[0];
    const count = async () => (await call("list_transactions", { account_id: account.id, limit: 1 })).body.meta.total;
    const before = await count();
    const row = { account_id: account.id, date: "2025-02-03", amount: "-4.20", description: "Tried first" };
    const tried = await call("write_transactions", { transactions: [row] });
    expect(tried.isError, JSON.stringify(tried.body)).toBe(false);
    expect(tried.body.data.map((result: { status: string }) => result.status)).toEqual(["created"]);
    // The answer has the write's shape, and says it was only tried.
    expect(tried.body.dry_run).toBe(true);
    expect(await count()).toBe(before);
    const written = await call("write_transactions", {
      transactions: [row],
      dry_run: false,
      idempotency_key: randomUUID(),
    });
    expect(written.isError, JSON.stringify(written.body)).toBe(false);
    expect(written.body.dry_run).toBe(false);
    expect(await count()).toBe(before + 1);
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
    expect(keyless.structuredContent).toMatchObject({
      statusCode: 400,
      code: "IDEMPOTENCY_KEY_INVALID",
      // The tool's words: its argument, not REST's header.
      message: "The idempotency_key argument is required for this request.",
    });
    await writer.close();
  });

  it("refuses a malformed tools/call with -32602 (invalid params), not as the server's own failure", async () => {
    const token = await mcpToken(["reports:read"]);
    for (const params of [
      { name: "report_category_drift", arguments: "range=full" },
      { name: "report_category_drift", arguments: ["range", "full"] },
      { name: 42, arguments: {} },
    ]) {
      const response = await postMcp(baseUrl, token, { jsonrpc: "2.0", id: 7, method: "tools/call", params });
      const answer = await response.json();
      expect(answer, JSON.stringify(params)).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602 } });
    }
  });

  it("answers clients that send curl's, Python requests' or no Accept, and refuses what is not JSON in the error body", async () => {
    const token = await mcpToken(["reports:read"]);
    const post = (
      headers: Record<string, string>,
      body = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    ) =>
      fetch(`${baseUrl}/api/v1/mcp`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, ...headers },
        body,
      });
    // The SDK's transport answered these 406 in a JSON-RPC body: it wants Accept to name an event stream too.
    for (const accept of ["*/*", "application/json", "", "application/*;q=0.9, text/html"]) {
      const response = await post({ "content-type": "application/json", ...(accept ? { accept } : {}) });
      expect(response.status, accept).toBe(200);
      expect(((await response.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    }
    for (const [headers, words] of [
      [{ "content-type": "application/json", accept: "text/html" }, "send Accept: application/json"],
      [{ "content-type": "text/plain", accept: "*/*" }, "Content-Type: application/json (got text/plain)"],
    ] as const) {
      const response = await post(headers);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string; request_id: string };
      expect(body).toMatchObject({ statusCode: 400, code: "VALIDATION_FAILED" });
      expect(body.message).toContain(words);
      expect(response.headers.get("x-request-id")).toBe(body.request_id);
    }
  });

  it("refuses REST tokens and session tokens, and a revoked mcp token at once, with 401 in the error body", async () => {
    for (const token of [restToken, session]) {
      const response = await postMcp(baseUrl, token, { jsonrpc: "2.0", id: 1, method: "tools/list" });
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

describe("what tools/list costs a model", () => {
  /** The answer's bytes, as the host receives them. */
  const listedBytes = async (scopes: string[]) => {
    const client = await connect(await mcpToken(scopes));
    const { tools } = await client.listTools();
    await client.close();
    return { bytes: Buffer.byteLength(JSON.stringify({ tools })), count: tools.length, tools };
  };

  it("stays under 80 KB with every scope, and each scope's tools under their share of it", async () => {
    const all = await listedBytes(ALL_SCOPES);
    expect(all.bytes).toBeLessThanOrEqual(80 * 1024);
    // A token of one scope lists its tools alone: at most their share of the budget, with room for a write's longer arguments.
    const perTool = (80 * 1024) / all.count;
    for (const scope of ALL_SCOPES) {
      const one = await listedBytes([scope]);
      expect(one.bytes, scope).toBeLessThanOrEqual(Math.max(4 * 1024, 1.6 * perTool * one.count));
      // A schema given once is given in a tool this token lists too.
      const names = new Set(one.tools.map((tool) => tool.name));
      for (const tool of one.tools)
        for (const argument of Object.values(tool.inputSchema.properties ?? {}) as Array<{ description?: string }>) {
          const holder = /The same schema as (\w+)'s/.exec(argument.description ?? "")?.[1];
          if (holder) expect(names, `${scope}: ${tool.name}`).toContain(holder);
        }
    }
    // Writes say how a host should treat them.
    const confirm = all.tools.find((tool) => tool.name === "confirm_import")!;
    expect(confirm.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(confirm.description).toContain("idempotency_key");
    expect(confirm.description).not.toContain("Idempotency-Key");
    expect(all.tools.find((tool) => tool.name === "delete_transaction")!.annotations?.destructiveHint).toBe(true);
    // A large argument schema is given once: the later tools name the tool that holds it.
    const reparse = all.tools.find((tool) => tool.name === "reparse_import")!;
    expect((reparse.inputSchema.properties!.parse_options as { description: string }).description).toMatch(
      /The same schema as create_import's parse_options\.$/,
    );
  });
});

type TextPart = { type: string; text: string };

/** Every value of a row as the table shows it: scalars as text, null as null, arrays and objects as they are. */
function asShown(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") return value;
  return String(value);
}

/** The list rows of a result's text (server/mcp/result-text.ts), read back: one object per row, `a.b` columns nested. */
function readTable(lines: string[]): Array<Record<string, unknown>> {
  const columns = lines[0]!.split("\t");
  return lines.slice(1).map((line) => {
    const row: Record<string, any> = {};
    line.split("\t").forEach((text, index) => {
      const value = text === "" ? null : /^["[{]/.test(text) ? JSON.parse(text) : text;
      const [outer, inner] = columns[index]!.split(/\.(.*)/s);
      if (inner === undefined) row[outer!] = value;
      else (row[outer!] ??= {})[inner] = value;
    });
    return row;
  });
}

/**
 * A list's text is a table that holds every value of its rows (or the first ones, saying it cut the
 * rest), in fewer bytes than its JSON, then the rest of the answer; any other answer is its JSON.
 */
function expectTextHoldsTheAnswer(name: string, structured: Record<string, any>, content: TextPart[]) {
  const text = content[0]!.text;
  const lines = text.split("\n");
  const listed = /^([\w.]+): (\d+) rows?, tab-separated/.exec(lines[0]!);
  if (!listed) {
    expect(JSON.parse(text), name).toEqual(structured);
    return;
  }
  const path = listed[1]!.split(".");
  const rows = path.reduce((node, key) => node[key], structured) as Array<Record<string, any>>;
  expect(rows.length, name).toBe(Number(listed[2]));
  const cutAt = lines.findIndex((line) => line.startsWith("(cut: the first "));
  const shown = cutAt >= 0 ? Number(/first (\d+) of/.exec(lines[cutAt]!)![1]) : rows.length;
  expect(text.length, name).toBeLessThanOrEqual(80_000);
  const expected = rows
    .slice(0, shown)
    .map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0
            ? Object.fromEntries(Object.entries(value).map(([inner, innerValue]) => [inner, asShown(innerValue)]))
            : asShown(value),
        ]),
      ),
    );
  const read = readTable(lines.slice(1, shown + 2)).map((row, index) =>
    // A column another row has and this one lacks reads as null: compare the fields this row has.
    Object.fromEntries(
      Object.entries(expected[index]!).map(([key, want]) => {
        const got = row[key] as any;
        const nested = want && typeof want === "object" && !Array.isArray(want) && got && typeof got === "object";
        return [key, nested ? Object.fromEntries(Object.keys(want).map((inner) => [inner, got[inner]])) : got];
      }),
    ),
  );
  expect(read, name).toEqual(expected);
  expect(lines.at(-1), name).toMatch(/^the rest(?: \(cut after \d+ of its \d+ characters\))?: \{/);
  if (rows.length >= 5) expect(text.length, name).toBeLessThan(JSON.stringify(structured).length);
}

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
      expectTextHoldsTheAnswer(name, result.structuredContent as Structured, result.content as TextPart[]);
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
    // The month at a glance: every section, since this token holds every scope.
    const overview = await call("monthly_overview");
    expect(overview.data.attributes).toMatchObject({
      month: cashFlow.data.attributes.month,
      cash_flow: { income: cashFlow.data.attributes.total_income_agg.home_converted.amount },
      omitted: [],
    });
    expect(overview.data.attributes.budgets.length).toBeGreaterThan(0);
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
