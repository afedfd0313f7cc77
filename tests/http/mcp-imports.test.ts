import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { postMcp } from "./mcp-testing";

/**
 * The statement upload as an MCP tool: the same procedure as the multipart REST upload, the file
 * given as a name with text or base64, then confirmed and booked like any import.
 */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const SCOPES = ["imports:create", "imports:read", "transactions:read"];

let restToken: string;
let accountId: string;
let client: Client;
let mcpToken: string;

const csv = (rows: Array<[string, string, string]>) =>
  `Date,Description,Amount\n${rows.map((row) => row.join(",")).join("\n")}\n`;

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, body: result.structuredContent as Record<string, any> };
}

async function balance(): Promise<string> {
  const accounts = await api.call("GET", "/api/v1/programmatic/accounts", { token: restToken });
  return accounts.body.data.find((account: any) => account.id === accountId).attributes.current_balance;
}

beforeAll(async () => {
  const { sessionToken } = await api.signUp();
  restToken = (await api.createToken(sessionToken, SCOPES)).token;
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: sessionToken,
    body: {
      name: "Imported by an assistant",
      accounts: [{ currency_code: "EUR", opening_balance: "100.00", opening_balance_date: "2025-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  accountId = (await api.call("GET", "/api/v1/programmatic/accounts", { token: restToken })).body.data[0].id;
  mcpToken = (await api.createToken(sessionToken, SCOPES, "mcp")).token;
  client = new Client({ name: "pfa-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/v1/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${mcpToken}` } },
    }),
  );
});

describe("create_import (the statement upload as a tool)", () => {
  it("takes the file as a name with text or base64 instead of a file part", async () => {
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === "create_import")!;
    expect(Object.keys(tool.inputSchema.properties!).sort()).toEqual(
      [
        "account_id",
        "amount_semantics",
        "file_base64",
        "file_name",
        "file_text",
        "idempotency_key",
        "parse_options",
      ].sort(),
    );
    expect(tool.inputSchema.required!.sort()).toEqual(["account_id", "file_name", "idempotency_key"]);
    expect(tool.description).toContain("Upload a statement import");
  });

  it("uploads a statement given as text, once per key, confirms it and books its rows", async () => {
    const before = await balance();
    const key = randomUUID();
    const args = {
      account_id: accountId,
      file_name: "march.csv",
      file_text: csv([
        ["2025-03-03", "Bakery", "-3.20"],
        ["2025-03-04", "Refund", "10.00"],
      ]),
      idempotency_key: key,
    };
    const uploaded = await call("create_import", args);
    expect(uploaded.isError).toBe(false);
    const job = uploaded.body.data;
    expect([job.type, job.attributes.status, job.attributes.file_name, job.attributes.total_rows]).toEqual([
      "import_jobs",
      "parsed",
      "march.csv",
      2,
    ]);
    expect(job.attributes.preview.map((row: any) => row.amount)).toEqual(["-3.20", "10.00"]);

    // The same key and arguments: the first answer again, no second import.
    const again = await call("create_import", args);
    expect(again.body.data.id).toBe(job.id);

    const confirmed = await call("confirm_import", { id: job.id, idempotency_key: randomUUID() });
    expect(confirmed.body.data.attributes.status).toBe("queued");
    let status = "queued";
    for (let attempt = 0; attempt < 100 && status !== "completed"; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await call("get_import", { id: job.id })).body.data.attributes.status;
    }
    expect(status).toBe("completed");
    expect(Number(await balance()) - Number(before)).toBeCloseTo(6.8, 2);
  });

  it("reads the same file from base64", async () => {
    const bytes = Buffer.from(csv([["2025-04-01", "Rent", "-750.00"]]), "utf8").toString("base64");
    const uploaded = await call("create_import", {
      account_id: accountId,
      file_name: "april.csv",
      file_base64: bytes,
      idempotency_key: randomUUID(),
    });
    expect(uploaded.isError).toBe(false);
    expect(uploaded.body.data.attributes.preview.map((row: any) => [row.description, row.amount])).toEqual([
      ["Rent", "-750.00"],
    ]);
  });

  it("names the argument that is wrong, in the error body", async () => {
    const base = { account_id: accountId, file_name: "x.csv", idempotency_key: randomUUID() };
    const neither = await call("create_import", base);
    expect([neither.isError, neither.body.statusCode, neither.body.code]).toEqual([true, 400, "VALIDATION_FAILED"]);
    expect(neither.body.message).toContain("file_text");
    const both = await call("create_import", { ...base, file_text: "a", file_base64: "YQ==" });
    expect(both.body.message).toContain("one of them");
    const notBase64 = await call("create_import", { ...base, file_base64: "not base64!" });
    expect([notBase64.body.code, notBase64.body.message]).toEqual([
      "VALIDATION_FAILED",
      expect.stringContaining("file_base64"),
    ]);
    const unknownAccount = await call("create_import", {
      ...base,
      account_id: randomUUID(),
      file_text: csv([["2025-03-03", "Bakery", "-3.20"]]),
    });
    expect([unknownAccount.body.statusCode, unknownAccount.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
  });

  it("checks the idempotency key before the file, keeps only the file name's last segment, and refuses files over 10 MiB with 413", async () => {
    const noKey = await call("create_import", { account_id: accountId });
    expect([noKey.body.statusCode, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_INVALID"]);

    const named = await call("create_import", {
      account_id: accountId,
      file_name: "C:\\Users\\me\\Downloads\\may\u0007.csv",
      file_text: csv([["2025-05-02", "Lunch", "-9.90"]]),
      idempotency_key: randomUUID(),
    });
    expect(named.body.data.attributes.file_name).toBe("may.csv");

    const huge = await call("create_import", {
      account_id: accountId,
      file_name: "huge.csv",
      file_text: "x".repeat(10 * 1024 * 1024 + 1),
      idempotency_key: randomUUID(),
    });
    expect([huge.isError, huge.body.statusCode, huge.body.code]).toEqual([true, 413, "PAYLOAD_TOO_LARGE"]);
  });

  it("refuses a message larger than a 10 MiB file in base64 with 413 in the error body", async () => {
    const response = await postMcp(baseUrl, mcpToken, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "create_import", arguments: { file_base64: "A".repeat(15 * 1024 * 1024) } },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, code: "PAYLOAD_TOO_LARGE" });
  });
});
