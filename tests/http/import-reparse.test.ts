import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

/** An import not yet confirmed read again with other options, or discarded; both refused once confirmed. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

let token: string;
let otherToken: string;
let accountId: string;

function recentDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function upload(file: string) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([file]), "statement.csv");
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "idempotency-key": `reparse-${randomUUID()}`,
      "x-forwarded-for": randomIp(),
    },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const reparse = (id: string, body: object, key = `reparse-${randomUUID()}`, as = token) =>
  api.call("POST", `/api/v1/programmatic/imports/${id}/reparse`, {
    token: as,
    body,
    headers: { "idempotency-key": key },
  });

// Two date columns: without names, the one in order and never earlier (the first) is the booking date.
const [booked1, valued1, booked2] = [recentDay(5), recentDay(7), recentDay(4)];
const CSV = ["P;Q;R;S", `${booked1};${valued1};Bakery;-3.50`, `${booked2};${booked2};Salary;2100.00`, ""].join("\n");

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
  accountId = accounts.find((account: any) => account.attributes.name === "Travel (EUR)").id;
  otherToken = (await api.createToken((await api.signUp()).sessionToken, ALL_SCOPES)).token;
});

describe("POST /api/v1/programmatic/imports/{id}/reparse", () => {
  it("reads the kept file with the options given: a new preview in the same job, preview_version + 1", async () => {
    const first = await upload(CSV);
    expect(first.status).toBe(201);
    const job = first.body.data;
    expect(job.attributes.preview.map((r: any) => r.date)).toEqual([booked1, booked2]);
    expect(job.attributes.parse_options.columns.date).toBe("P");

    const again = await reparse(job.id, { parse_options: { columns: { date: "Q", amount: "S", description: "R" } } });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(job.id);
    expect(again.body.data.attributes.preview_version).toBe(job.attributes.preview_version + 1);
    expect(again.body.data.attributes.preview.map((r: any) => [r.date, r.amount])).toEqual([
      [valued1, "-3.50"],
      [booked2, "2100.00"],
    ]);
    expect(again.body.data.attributes.parse_options.columns).toMatchObject({ date: "Q", amount: "S" });
    expect(again.body.side_effects).toEqual([
      expect.objectContaining({ domain: "import_jobs", id: job.id, action: "upsert" }),
    ]);

    const read = await api.call("GET", `/api/v1/programmatic/imports/${job.id}`, { token });
    expect(read.body.data.attributes.preview_version).toBe(job.attributes.preview_version + 1);
  });

  it("answers a retry with the same key from the record, and 400 naming the option the file lacks", async () => {
    const job = (await upload(CSV)).body.data;
    const key = `reparse-${randomUUID()}`;
    const once = await reparse(job.id, { parse_options: { date_format: "YYYY-MM-DD" } }, key);
    const twice = await reparse(job.id, { parse_options: { date_format: "YYYY-MM-DD" } }, key);
    expect([once.status, twice.status, twice.headers.get("idempotent-replayed")]).toEqual([200, 200, "true"]);
    expect(twice.body.data.attributes.preview_version).toBe(once.body.data.attributes.preview_version);

    const missing = await reparse(job.id, { parse_options: { columns: { amount: "Betrag" } } });
    expect([missing.status, missing.body.code]).toEqual([400, "IMPORT_FILE_UNREADABLE"]);
    expect(missing.body.message).toContain('parse_options.columns.amount: no column is named "Betrag"');
    const unknown = await reparse(job.id, { parse_options: { delimeter: ";" } });
    expect([unknown.status, unknown.body.code]).toEqual([400, "VALIDATION_FAILED"]);
  });

  it("answers 409 once the import is confirmed, and 404 to another workspace", async () => {
    const job = (await upload(CSV)).body.data;
    expect((await reparse(job.id, {}, undefined, otherToken)).status).toBe(404);
    const confirmed = await api.call("POST", `/api/v1/programmatic/imports/${job.id}/confirm`, {
      token,
      body: { skip_duplicates: true },
      headers: { "idempotency-key": `confirm-${randomUUID()}` },
    });
    expect(confirmed.status).toBe(201);
    const late = await reparse(job.id, {});
    expect([late.status, late.body.code]).toEqual([409, "IMPORT_STATE_CONFLICT"]);
  });
});

describe("DELETE /api/v1/programmatic/imports/{id}", () => {
  it("discards a pending import: 204, then 404; another workspace gets 404 and the import stays", async () => {
    const job = (await upload(CSV)).body.data;
    expect((await api.call("DELETE", `/api/v1/programmatic/imports/${job.id}`, { token: otherToken })).status).toBe(
      404,
    );
    const discarded = await api.call("DELETE", `/api/v1/programmatic/imports/${job.id}`, { token });
    expect(discarded.status).toBe(204);
    expect((await api.call("GET", `/api/v1/programmatic/imports/${job.id}`, { token })).status).toBe(404);
    expect((await api.call("DELETE", `/api/v1/programmatic/imports/${job.id}`, { token })).status).toBe(404);
  });

  it("refuses a confirmed import with 409", async () => {
    const job = (await upload(CSV)).body.data;
    await api.call("POST", `/api/v1/programmatic/imports/${job.id}/confirm`, {
      token,
      body: { skip_duplicates: true },
      headers: { "idempotency-key": `confirm-${randomUUID()}` },
    });
    const refused = await api.call("DELETE", `/api/v1/programmatic/imports/${job.id}`, { token });
    expect([refused.status, refused.body.code]).toEqual([409, "IMPORT_STATE_CONFLICT"]);
  });
});
