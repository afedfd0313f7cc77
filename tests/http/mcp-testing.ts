import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import { ALL_SCOPES, type createClient } from "./client";

/** The official SDK client connected to a server's /api/v1/mcp, as an AI assistant's host connects. */
export async function connectMcp(token: string, server: string): Promise<Client> {
  const client = new Client({ name: "pfa-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server}/api/v1/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A JSON-RPC message posted to a server's /api/v1/mcp as it is, without the SDK client, to read the HTTP answer itself. */
export function postMcp(server: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${server}/api/v1/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify(body),
  });
}

/**
 * A workspace of the test file's own, with one EUR account opened at 250.00: its wallets must not
 * show in the demo workspace other files count. A REST token of every scope reads what MCP must
 * answer alike; `mcpToken` makes an mcp credential of the given scopes.
 */
export async function createMcpWorkspace(api: ReturnType<typeof createClient>) {
  const session = (await api.signUp()).sessionToken;
  const restToken = (await api.createToken(session, ALL_SCOPES)).token;
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name: "MCP wallet",
      accounts: [{ currency_code: "EUR", opening_balance: "250.00", opening_balance_date: "2025-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  const mcpToken = async (scopes: string[]) => (await api.createToken(session, scopes, "mcp")).token;
  return { session, restToken, mcpToken };
}
