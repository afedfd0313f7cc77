import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";
import { connectMcp, createMcpWorkspace, postMcp } from "./mcp-testing";

/** The MCP server's resources and prompts: listed and served only as far as the token's scopes allow the tools behind them. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const connect = (token: string) => connectMcp(token, baseUrl);

let restToken: string;
let mcpToken: (scopes: string[]) => Promise<string>;

beforeAll(async () => {
  ({ restToken, mcpToken } = await createMcpWorkspace(api));
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
    // One call answers what the review needs (the overview's sections, each named).
    expect(text).toContain('monthly_overview of the personal-finance server with month "2025-03"');
    for (const section of ["cash_flow", "category_drift", "budgets", "insights", "omitted"])
      expect(text).toContain(section);
    const current = (await client.getPrompt({ name: "monthly_review" })).messages[0]!.content as { text: string };
    expect(current.text).toContain("the current month");
    await expect(client.getPrompt({ name: "monthly_review", arguments: { month: "March" } })).rejects.toMatchObject({
      code: -32602,
      data: { statusCode: 400, code: "VALIDATION_FAILED" },
    });
    // An argument that is not text is the caller's mistake too, not the server's (-32603).
    const token = await mcpToken(ALL_SCOPES);
    for (const params of [{ name: "monthly_review", arguments: { month: 5 } }, { name: 7 }]) {
      const response = await postMcp(baseUrl, token, { jsonrpc: "2.0", id: 1, method: "prompts/get", params });
      expect(await response.json(), JSON.stringify(params)).toMatchObject({
        error: { code: -32602, data: { statusCode: 400, code: "VALIDATION_FAILED" } },
      });
    }

    const categorise = await client.getPrompt({ name: "categorise_uncategorised" });
    expect((categorise.messages[0]!.content as { text: string }).text).toContain("report_uncategorized_clusters");
    await client.close();

    // transactions:read alone: neither the overview nor the clusters.
    const partial = await connect(await mcpToken(["transactions:read"]));
    expect((await partial.listPrompts()).prompts).toEqual([]);
    await expect(partial.getPrompt({ name: "monthly_review" })).rejects.toMatchObject({
      code: -32600,
      data: { statusCode: 403, code: "INSUFFICIENT_SCOPE" },
    });
    await partial.close();
  });
});
