import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";
import { residentBytes } from "./raw-http";

/** Bounded previews: a cap of transactions per file, and the preview carried a page at a time. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

let token: string;
/** A second credential for the walks through pages of 7 rows (358 requests), so the first keeps its rate budget. */
let pagingToken: string;
let accountId: string;

async function upload(file: Buffer, name: string, key = `preview-${randomUUID()}`) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([new Uint8Array(file)]), name);
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "idempotency-key": key, "x-forwarded-for": randomIp() },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    bytes: text.length,
    body: JSON.parse(text),
    replayed: response.headers.get("idempotent-replayed"),
  };
}

const getJob = (id: string, query: string, as = token) =>
  api.call("GET", `/api/v1/programmatic/imports/${id}${query}`, { token: as });

function day(offset: number): string {
  return new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** 2,500 rows: every 10th repeats the row before it (a duplicate in the file), every other 25th has a zero amount (invalid). */
function statement(): Buffer {
  const lines = ["Date,Description,Amount"];
  for (let row = 1; row <= 2_500; row++) {
    if (row % 10 === 0) lines.push(lines[lines.length - 1]!);
    else
      lines.push(
        `${day(row % 300)},Preview paging ${randomUUID().slice(0, 8)},${row % 25 === 0 ? "0.00" : `-${row}.25`}`,
      );
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function everyRow(id: string, limit: number, state = ""): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const response = await getJob(
      id,
      `?preview_page=${page}&preview_limit=${limit}${state ? `&state=${state}` : ""}`,
      pagingToken,
    );
    expect(response.status).toBe(200);
    const { preview, preview_page, preview_limit } = response.body.data.attributes;
    expect([preview_page, preview_limit]).toEqual([page, limit]);
    expect(preview.length).toBeLessThanOrEqual(limit);
    if (preview.length === 0) return rows;
    rows.push(...preview);
  }
}

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  pagingToken = (await api.createToken(session, ["imports:read"])).token;
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
  accountId = accounts.find((account: any) => account.attributes.name === "Travel (EUR)").id;
});

describe("paged previews", () => {
  let jobId: string;
  let firstAnswer: any;

  beforeAll(async () => {
    const key = `preview-${randomUUID()}`;
    const file = statement();
    const created = await upload(file, "paging.csv", key);
    expect(created.status).toBe(201);
    jobId = created.body.data.id;
    firstAnswer = created.body.data.attributes;
    // The idempotency record holds the bounded answer: a retry replays the same first page.
    const replay = await upload(file, "paging.csv", key);
    expect([replay.status, replay.replayed]).toEqual([201, "true"]);
    expect(replay.body).toEqual(created.body);
    expect(replay.bytes).toBe(created.bytes);
  }, 60_000);

  it("answers the upload with the first 1,000 rows, the total and the counts per state", () => {
    expect(firstAnswer.total_rows).toBe(2_500);
    expect(firstAnswer.preview).toHaveLength(1_000);
    expect(firstAnswer.preview.map((row: any) => row.row)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
    expect(firstAnswer).toMatchObject({ preview_total: 2_500, preview_page: 1, preview_limit: 1_000 });
    const counts = firstAnswer.preview_counts;
    expect(counts.new + counts.duplicate + counts.invalid + counts.pre_opening).toBe(2_500);
    expect(counts.duplicate).toBeGreaterThanOrEqual(250);
    expect(counts.invalid).toBe(50); // every 25th row but the 50th ones, which repeat the row before
    expect(firstAnswer.error_count).toBe(50);
  });

  it("GET returns every row exactly once across pages of 1,000 and of 7", async () => {
    const byThousands = await everyRow(jobId, 1_000);
    expect(byThousands.map((row) => row.row)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
    expect(byThousands.slice(0, 1_000)).toEqual(firstAnswer.preview);
    const bySevens = await everyRow(jobId, 7);
    expect(bySevens).toEqual(byThousands);
  }, 120_000);

  it("GET without paging parameters shows the first 1,000 rows", async () => {
    const response = await getJob(jobId, "");
    expect(response.status).toBe(200);
    expect(response.body.data.attributes.preview).toEqual(firstAnswer.preview);
    expect(response.body.data.attributes).toMatchObject({
      preview_total: 2_500,
      preview_page: 1,
      preview_limit: 1_000,
    });
  });

  it("filters by state; preview_total then counts the rows of that state", async () => {
    const all = await everyRow(jobId, 1_000);
    for (const state of ["new", "duplicate", "invalid", "pre_opening"]) {
      const expected = all.filter((row) => row.state === state);
      const first = await getJob(jobId, `?state=${state}&preview_limit=50`);
      expect(first.status).toBe(200);
      expect(first.body.data.attributes.preview_total).toBe(expected.length);
      expect(first.body.data.attributes.preview_total).toBe(firstAnswer.preview_counts[state]);
      expect(first.body.data.attributes.preview).toEqual(expected.slice(0, 50));
      expect(await everyRow(jobId, 300, state)).toEqual(expected);
    }
  }, 120_000);

  it("answers a page past the end with no rows and the total", async () => {
    const response = await getJob(jobId, "?preview_page=4");
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ preview: [], preview_total: 2_500, preview_page: 4 });
  });

  it.each([
    ["preview_page=0", "preview_page"],
    ["preview_page=-1", "preview_page"],
    ["preview_page=1.5", "preview_page"],
    ["preview_page=abc", "preview_page"],
    ["preview_limit=0", "preview_limit"],
    ["preview_limit=1001", "preview_limit"],
    ["preview_limit=ten", "preview_limit"],
    ["state=pending", "state"],
  ])("refuses %s with 400 naming the parameter", async (query, parameter) => {
    const response = await getJob(jobId, `?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain(`${parameter}:`);
  });

  it("answers confirm with the first page as well", async () => {
    const response = await api.call("POST", `/api/v1/programmatic/imports/${jobId}/confirm`, {
      token,
      body: { skip_duplicates: true },
      headers: { "idempotency-key": `preview-confirm-${randomUUID()}` },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.preview).toEqual(firstAnswer.preview);
    expect(response.body.data.attributes.preview_total).toBe(2_500);
    // The worker books from the whole stored preview.
    let job: any;
    for (let i = 0; i < 120; i++) {
      job = (await getJob(jobId, "?preview_limit=1")).body.data.attributes;
      if (job.status === "completed" || job.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(job.status).toBe("completed");
    expect(job.imported_count + job.skipped_count + job.error_count).toBe(2_500);
    expect(job.error_count).toBe(50);
  }, 60_000);
});

describe("the cap of 100,000 transactions per file", () => {
  it("refuses a 9.6 MB CSV of 600,000 tiny rows with 400 naming the cap, in under 10 s, with bounded memory", async () => {
    const lines = ["Date,Amount,Description"];
    for (let i = 0; i < 600_000; i++)
      lines.push(
        `2024${String(1 + (i % 12)).padStart(2, "0")}${String(1 + (i % 28)).padStart(2, "0")},-${1 + (i % 9)}.2,a`,
      );
    const file = Buffer.from(`${lines.join("\n")}\n`);
    expect(file.length).toBeGreaterThan(9_000_000);
    expect(file.length).toBeLessThan(10 * 1024 * 1024);

    const pid = inject("serverPid");
    const before = await residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => void residentBytes(pid).then((bytes) => (peak = Math.max(peak, bytes))), 50);
    const started = performance.now();
    const answer = await upload(file, "huge.csv").finally(() => clearInterval(sampler));
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, await residentBytes(pid));
    console.info(
      `600k-row CSV: ${answer.status} in ${seconds.toFixed(2)} s; server RSS ${(before / 2 ** 20).toFixed(0)} -> peak ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - before) / 2 ** 20).toFixed(0)} MiB)`,
    );

    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("IMPORT_FILE_UNREADABLE");
    expect(answer.body.message).toContain("more than 100,000 transactions");
    expect(seconds).toBeLessThan(10);
    expect(peak - before).toBeLessThan(300 * 2 ** 20);
    const health = await api.call("GET", "/api/v1/health");
    expect(health.status).toBe(200);
  }, 60_000);
});
