import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";

/** Categorisation rules as MCP tools: the same definitions, scopes and dry-run default as over REST. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

let session: string;
let groceries: string;

async function connect(scopes: string[]) {
  const token = (await api.createToken(session, scopes, "mcp")).token;
  const client = new Client({ name: "pfa-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    return { isError: result.isError === true, body: result.structuredContent as Record<string, any> };
  };
  return { client, call };
}

beforeAll(async () => {
  session = (await api.signUp()).sessionToken;
  const created = await api.call("POST", "/api/trpc/categories.create", {
    token: session,
    body: { name: "Lebensmittel", group_id: null, icon_name: null, aliases: [] },
  });
  expect(created.status).toBe(200);
  groceries = created.body.result.data.id;
});

describe("categorisation rules over MCP", () => {
  it("lists the read tools to a rules:read token and the writes only with rules:write, annotated", async () => {
    const reader = await connect(["rules:read"]);
    const names = (await reader.client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual([
      "count_rule_matches",
      "get_categorisation_rule",
      "get_rule_application",
      "list_categorisation_rules",
      "list_rule_applications",
      "suggest_categories",
    ]);
    const writer = await connect(["rules:read", "rules:write"]);
    const tools = (await writer.client.listTools()).tools;
    const annotations = (name: string) => tools.find((tool) => tool.name === name)!.annotations;
    expect(annotations("suggest_categories")).toMatchObject({ readOnlyHint: true });
    expect(annotations("delete_categorisation_rule")).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const apply = tools.find((tool) => tool.name === "apply_categorisation_rules")!;
    expect(apply.inputSchema.required ?? []).not.toContain("idempotency_key");
    expect(apply.description).toContain("dry_run true (default)");
    expect(apply.inputSchema.properties!.dry_run).toMatchObject({ type: "boolean", default: true });
    const refused = await reader.call("create_categorisation_rule", {});
    expect(refused).toMatchObject({ isError: true, body: { code: "INSUFFICIENT_SCOPE" } });
  });

  it("creates a rule, dry-runs by default, needs a key to apply, and suggests with the rule as the source", async () => {
    const { call } = await connect(["rules:read", "rules:write"]);
    const created = await call("create_categorisation_rule", {
      conditions: { counterparty: { operator: "starts_with", value: "rewe" } },
      category_id: groceries,
      idempotency_key: randomUUID(),
    });
    expect(created.isError, JSON.stringify(created.body)).toBe(false);
    expect(created.body.data.attributes).toMatchObject({ position: 1, category_id: groceries });

    const dry = await call("apply_categorisation_rules", {});
    expect(dry.body.data).toMatchObject({ type: "rule_application_previews", attributes: { change_count: 0 } });
    const unkeyed = await call("apply_categorisation_rules", { dry_run: false });
    expect(unkeyed).toMatchObject({ isError: true, body: { code: "IDEMPOTENCY_KEY_INVALID" } });

    const suggested = await call("suggest_categories", {
      items: [{ description: "Einkauf", counterparty: "REWE Markt GmbH", amount: "-12.00" }],
    });
    expect(suggested.body.data[0]).toMatchObject({
      category_id: groceries,
      category_source: "rule",
      category_confidence: 1,
    });

    const bad = await call("create_categorisation_rule", {
      conditions: { description: { operator: "regex", value: "(a)\\1" } },
      category_id: groceries,
      idempotency_key: randomUUID(),
    });
    expect(bad).toMatchObject({ isError: true, body: { code: "VALIDATION_FAILED" } });
    expect(bad.body.message).toMatch(/conditions\.description\.value/);
  });
});
