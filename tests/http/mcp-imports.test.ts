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
    expect(tool.title).toBe("Upload a statement import");
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

describe("import_statement (upload, preview summary, then confirm)", () => {
  /** 28 rows in February 2025, after the account's opening: 14 payments of -12.34 and 14 refunds of 5.00. */
  const statement = csv(
    Array.from({ length: 28 }, (_, index): [string, string, string] => [
      `2025-02-${String(index + 1).padStart(2, "0")}`,
      index % 2 === 0 ? `Corner shop ${index}` : `Refund ${index}`,
      index % 2 === 0 ? "-12.34" : "5.00",
    ]),
  );

  async function callText(name: string, args: Record<string, unknown>) {
    const result = await client.callTool({ name, arguments: args });
    return (result.content as Array<{ text: string }>)[0]!.text;
  }

  it("previews without booking, books in a second call by import_id, and shows the import's state", async () => {
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === "import_statement")!;
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    const before = await balance();
    const upload = { account_id: accountId, file_name: "january.csv", file_text: statement };
    const previewed = await call("import_statement", { ...upload, idempotency_key: randomUUID() });
    expect(previewed.isError, JSON.stringify(previewed.body)).toBe(false);
    expect(previewed.body).toMatchObject({
      status: "parsed",
      file_name: "january.csv",
      account_id: accountId,
      total_rows: 28,
      counts: { new: 28, duplicate: 0, invalid: 0, pre_opening: 0 },
      first_date: "2025-02-01",
      last_date: "2025-02-28",
      new_row_totals: [{ currency_code: "EUR", rows: 28, money_in: "70.00", money_out: "-172.76" }],
      totals_complete: true,
      rows_to_check: [],
    });
    expect(previewed.body.first_rows).toHaveLength(10);
    expect(previewed.body.first_rows[0]).toMatchObject({ row: 1, date: "2025-02-01", amount: "-12.34", state: "new" });
    expect(previewed.body.next_step).toContain("confirm: true");
    // Nothing is booked by the first call.
    expect(await balance()).toBe(before);
    // What a model reads: a fraction of the upload's own answer, which holds every preview row.
    const full = await callText("create_import", {
      ...upload,
      file_name: "january-full.csv",
      idempotency_key: randomUUID(),
    });
    const summary = await callText("import_statement", { import_id: previewed.body.import_id });
    expect(summary.length).toBeLessThan(full.length / 2);

    const confirmed = await call("import_statement", {
      import_id: previewed.body.import_id,
      confirm: true,
      idempotency_key: randomUUID(),
    });
    expect(confirmed.isError, JSON.stringify(confirmed.body)).toBe(false);
    expect(["queued", "processing", "completed"]).toContain(confirmed.body.status);
    let state = confirmed.body;
    for (let attempt = 0; attempt < 100 && state.status !== "completed"; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await call("import_statement", { import_id: previewed.body.import_id })).body;
    }
    expect(state).toMatchObject({ status: "completed", imported_count: 28 });
    expect(state.next_step).toContain("revert_import");
    expect(Number(await balance()) - Number(before)).toBeCloseTo(-102.76, 2);

    // The same file again: every row is a duplicate of what was just booked, and the summary says why.
    const again = await call("import_statement", {
      ...upload,
      file_name: "january-again.csv",
      idempotency_key: randomUUID(),
    });
    expect(again.body.counts).toMatchObject({ new: 0, duplicate: 28 });
    expect(again.body.new_row_totals).toEqual([]);
    expect(again.body.rows_to_check).toHaveLength(10);
    expect(again.body.rows_to_check[0]).toMatchObject({ state: "duplicate", why: expect.any(String) });
    expect(again.body.next_step).toContain("nothing is new");
  });

  it("says why a row dated before the account's opening balance is one to check", async () => {
    const early = await call("import_statement", {
      account_id: accountId,
      file_name: "early.csv",
      file_text: csv([["2024-12-15", "Before the opening", "-1.00"]]),
      idempotency_key: randomUUID(),
    });
    expect(early.body.counts).toMatchObject({ new: 0, pre_opening: 1 });
    // It is booked on confirmation all the same: the next step counts it.
    expect(early.body.next_step).toContain("To book the 1 rows, 1 of them dated before the opening balance");
    expect(early.body.rows_to_check).toEqual([
      expect.objectContaining({
        date: "2024-12-15",
        state: "pre_opening",
        why: expect.stringContaining("opening balance"),
      }),
    ]);
  });

  it("names the argument that is wrong, and needs a key to upload or to confirm", async () => {
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ import_id: randomUUID(), file_name: "x.csv" }, "VALIDATION_FAILED", "file_name"],
      [{ import_id: randomUUID(), confirmed: true }, "VALIDATION_FAILED", "confirmed"],
      [{ confirm: true }, "VALIDATION_FAILED", "import_id"],
      [{}, "VALIDATION_FAILED", "import_id"],
      [{ import_id: randomUUID(), skip_duplicates: false }, "VALIDATION_FAILED", "skip_duplicates"],
      [{ import_id: "not-an-id" }, "VALIDATION_FAILED", "import_id"],
      [{ import_id: randomUUID(), confirm: "yes" }, "VALIDATION_FAILED", "confirm"],
      [{ account_id: accountId, file_name: "x.csv", file_text: statement }, "IDEMPOTENCY_KEY_INVALID", "idempotency"],
      [{ import_id: randomUUID(), confirm: true }, "IDEMPOTENCY_KEY_INVALID", "idempotency"],
      [{ import_id: randomUUID() }, "RESOURCE_NOT_FOUND", "import"],
    ];
    for (const [args, code, named] of refusals) {
      const refused = await call("import_statement", args);
      expect([refused.isError, refused.body.code], JSON.stringify(args)).toEqual([true, code]);
      expect(refused.body.message.toLowerCase(), JSON.stringify(args)).toContain(named);
    }
  });
});
