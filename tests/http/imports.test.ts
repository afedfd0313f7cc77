import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements");

let token: string;
let otherToken: string;
let accountId: string;

function recentDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function upload(options: {
  file: Buffer;
  name: string;
  key?: string | null;
  as?: string;
  account?: string;
  fields?: Record<string, string>;
}) {
  const form = new FormData();
  form.set("account_id", options.account ?? accountId);
  for (const [name, value] of Object.entries(options.fields ?? {})) form.set(name, value);
  form.set("file", new Blob([new Uint8Array(options.file)]), options.name);
  const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
  if (options.as !== "") headers.authorization = `Bearer ${options.as ?? token}`;
  if (options.key !== null) headers["idempotency-key"] = options.key ?? `upload-${randomUUID()}`;
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, { method: "POST", headers, body: form });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const csv = (rows: Array<[string, string, string]>) =>
  Buffer.from(["Date,Description,Amount", ...rows.map((row) => row.join(","))].join("\r\n"), "utf8");

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  const other = await api.signUp();
  otherToken = (await api.createToken(other.sessionToken, ALL_SCOPES)).token;
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
  accountId = accounts.find((account: any) => account.attributes.name === "Travel (EUR)").id;
});

describe("endpoint 3: upload a statement", () => {
  it("answers 201 with the parsed preview, and replays a retry with the same key", async () => {
    const file = csv([
      [recentDay(3), "Coffee Lisbon", "-3.50"],
      [recentDay(2), "Refund hotel", "45.00"],
    ]);
    const key = `upload-${randomUUID()}`;
    const first = await upload({ file, name: "trip.csv", key });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      type: "import_jobs",
      attributes: {
        status: "parsed",
        file_name: "trip.csv",
        file_type: "csv",
        total_rows: 2,
        account_id: accountId,
        preview_version: 1,
      },
    });
    expect(
      first.body.data.attributes.preview.map((row: any) => [row.row, row.amount, row.currency_code, row.state]),
    ).toEqual([
      [1, "-3.50", "EUR", "new"],
      [2, "45.00", "EUR", "new"],
    ]);
    expect(first.body.side_effects).toEqual([
      {
        domain: "import_jobs",
        id: first.body.data.id,
        action: "create",
        data: { status: "parsed", total_rows: 2, account_id: accountId },
      },
    ]);

    const replay = await upload({ file, name: "trip.csv", key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);

    const otherFile = await upload({ file: csv([[recentDay(1), "Taxi", "-9.00"]]), name: "trip.csv", key });
    expect([otherFile.status, otherFile.body.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
  });

  it("confirms, then books the rows in the background and completes with the counts", async () => {
    const file = csv([
      [recentDay(6), "Museum ticket", "-12.00"],
      [recentDay(5), "Museum ticket", "-12.00"],
      [recentDay(4), "ATM", "-60.00"],
    ]);
    const job = (await upload({ file, name: "museum.csv" })).body.data;
    const confirm = await api.call("POST", `/api/v1/programmatic/imports/${job.id}/confirm`, {
      token,
      body: { skip_duplicates: true },
      headers: { "idempotency-key": `confirm-${randomUUID()}` },
    });
    expect(confirm.status).toBe(201);
    expect(confirm.body.data.attributes.status).toBe("queued");
    expect(confirm.body.side_effects).toEqual([
      {
        domain: "import_jobs",
        id: job.id,
        action: "upsert",
        data: { status: "queued", skip_duplicates: true, adjust_opening_balance: true },
      },
    ]);

    let attributes: any;
    for (let i = 0; i < 40; i += 1) {
      attributes = (await api.call("GET", `/api/v1/programmatic/imports/${job.id}`, { token })).body.data.attributes;
      if (attributes.status === "completed" || attributes.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(attributes).toMatchObject({
      status: "completed",
      total_rows: 3,
      imported_count: 3,
      skipped_count: 0,
      error_count: 0,
    });
    expect(attributes.imported_count + attributes.skipped_count + attributes.error_count).toBe(attributes.total_rows);
    // The rows it booked, as the dashboard's result links to them; none for another workspace's token.
    const booked = await api.call("GET", `/api/v1/programmatic/transactions?import_id=${job.id}`, { token });
    expect([booked.body.meta.total, booked.body.data.length]).toEqual([3, 3]);
    const theirs = await api.call("GET", `/api/v1/programmatic/transactions?import_id=${job.id}`, {
      token: otherToken,
    });
    expect(theirs.body.meta.total).toBe(0);

    const again = await api.call("POST", `/api/v1/programmatic/imports/${job.id}/confirm`, {
      token,
      body: { skip_duplicates: true },
      headers: { "idempotency-key": `confirm-${randomUUID()}` },
    });
    expect([again.status, again.body.code]).toEqual([409, "IMPORT_STATE_CONFLICT"]);

    // The same file once more: every row is now a duplicate of a booked transaction.
    const repeat = (await upload({ file, name: "museum.csv" })).body.data;
    expect(repeat.attributes.preview.map((row: any) => row.state)).toEqual(["duplicate", "duplicate", "duplicate"]);
  });

  it("reads a real bank's file from the fixtures (N26 CSV)", async () => {
    const file = readFileSync(path.join(FIXTURES, "csv", "bank2ynab_de_n26.csv"));
    const response = await upload({ file, name: "n26.csv" });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({ bank_key: "n26", total_rows: 1 });
    expect(response.body.data.attributes.preview[0]).toMatchObject({
      date: "2017-10-01",
      amount: "-59.99",
      state: "pre_opening",
    });
  });

  it("answers 413 PAYLOAD_TOO_LARGE above 10 MiB without reading it all", async () => {
    const started = Date.now();
    const response = await upload({ file: Buffer.alloc(10 * 1024 * 1024 + 1, 65), name: "huge.csv" });
    expect([response.status, response.body.code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("answers 400 for an unsupported type and for an unreadable file, naming where", async () => {
    const png = await upload({
      file: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 1]),
      name: "photo.png",
    });
    expect([png.status, png.body.code]).toEqual([400, "IMPORT_FILE_TYPE_UNSUPPORTED"]);
    const truncated = Buffer.from(
      "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR\n<BANKTRANLIST>\n<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026",
      "utf8",
    );
    const unreadable = await upload({ file: truncated, name: "cut.ofx" });
    expect([unreadable.status, unreadable.body.code]).toEqual([400, "IMPORT_FILE_UNREADABLE"]);
    expect(unreadable.body.message).toMatch(/line \d+/);
  });

  it("checks token, scope and key before the body", async () => {
    const file = csv([[recentDay(1), "x", "-1.00"]]);
    expect((await upload({ file, name: "a.csv", as: "" })).body.code).toBe("TOKEN_MISSING");
    const session = await api.signIn("demo@example.com", "demo-password-1234");
    const readOnly = (await api.createToken(session, ["imports:read"])).token;
    const forbidden = await upload({ file, name: "a.csv", as: readOnly });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    const noKey = await upload({ file, name: "a.csv", key: null });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_INVALID"]);
    const badAccount = await upload({ file, name: "a.csv", account: "not-a-uuid" });
    expect([badAccount.status, badAccount.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(badAccount.body.message).toContain("account_id");
  });

  it("keeps workspaces apart: another user's account and import are 404", async () => {
    const file = csv([[recentDay(1), "x", "-1.00"]]);
    const foreign = await upload({ file, name: "a.csv", as: otherToken });
    expect([foreign.status, foreign.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    const mine = (await upload({ file, name: "b.csv" })).body.data;
    const peek = await api.call("GET", `/api/v1/programmatic/imports/${mine.id}`, { token: otherToken });
    expect([peek.status, peek.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
  });
});

describe("GET /api/v1/programmatic/imports (the list, an extension)", () => {
  it("lists the workspace's imports newest first without previews, filters by status and account, pages, and keeps workspaces apart", async () => {
    const uploaded = await upload({ file: csv([[recentDay(4), "Listed import", "-1.00"]]), name: "listed.csv" });
    expect(uploaded.status).toBe(201);
    const list = await api.call("GET", "/api/v1/programmatic/imports?limit=200", { token });
    expect(list.status).toBe(200);
    const [newest] = list.body.data;
    expect(newest).toEqual({
      type: "import_jobs",
      id: uploaded.body.data.id,
      attributes: expect.objectContaining({
        file_name: "listed.csv",
        status: "parsed",
        total_rows: 1,
        account_id: accountId,
        account_name: "Travel (EUR)",
        completed_at: null,
      }),
    });
    expect(newest.attributes.preview).toBeUndefined();
    const created = list.body.data.map((item: any) => item.attributes.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(list.body.meta).toEqual({
      pagination: "page",
      page: 1,
      limit: 200,
      total: list.body.data.length,
      next_cursor: null,
    });

    const parsed = await api.call("GET", "/api/v1/programmatic/imports?status=parsed&limit=200", { token });
    expect(parsed.body.data.every((item: any) => item.attributes.status === "parsed")).toBe(true);
    expect(parsed.body.data.map((item: any) => item.id)).toContain(uploaded.body.data.id);
    const elsewhere = await api.call("GET", `/api/v1/programmatic/imports?account_id=${randomUUID()}`, { token });
    expect([elsewhere.body.data, elsewhere.body.meta.total]).toEqual([[], 0]);
    const second = await api.call("GET", "/api/v1/programmatic/imports?limit=1&page=2", { token });
    expect(second.body.data[0].id).toBe(list.body.data[1].id);

    // By cursor: the same rows in the same order, two at a time; a cursor with other filters or forged is 400.
    const walked: string[] = [];
    let page = await api.call("GET", "/api/v1/programmatic/imports?limit=2", { token });
    for (;;) {
      walked.push(...page.body.data.map((item: any) => item.id));
      if (!page.body.meta.next_cursor) break;
      page = await api.call("GET", `/api/v1/programmatic/imports?limit=2&cursor=${page.body.meta.next_cursor}`, {
        token,
      });
      expect(page.body.meta).toEqual({ pagination: "cursor", limit: 2, next_cursor: page.body.meta.next_cursor });
    }
    expect(walked).toEqual(list.body.data.map((item: any) => item.id));
    const firstCursor = (await api.call("GET", "/api/v1/programmatic/imports?limit=1", { token })).body.meta
      .next_cursor;
    const otherFilters = await api.call(
      "GET",
      `/api/v1/programmatic/imports?limit=1&status=parsed&cursor=${firstCursor}`,
      {
        token,
      },
    );
    expect([otherFilters.status, otherFilters.body.issues[0].path]).toEqual([400, ["cursor"]]);
    const cursor = await api.call("GET", "/api/v1/programmatic/imports?cursor=abc", { token });
    expect([cursor.status, cursor.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    const both = await api.call("GET", `/api/v1/programmatic/imports?page=1&cursor=${firstCursor}`, { token });
    expect([both.status, both.body.code]).toEqual([400, "PROGRAMMATIC_PAGINATION_MODE_CONFLICT"]);
    const badStatus = await api.call("GET", "/api/v1/programmatic/imports?status=done", { token });
    expect([badStatus.status, badStatus.body.message]).toEqual([400, expect.stringContaining("status")]);
    expect((await api.call("GET", "/api/v1/programmatic/imports", { token: otherToken })).body.data).toEqual([]);
  });
});
