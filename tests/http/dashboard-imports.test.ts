import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserCookies, startDashboardServer } from "./browser-session";
import { createClient, randomIp } from "./client";
import type { RunningServer } from "./server";

/**
 * The dashboard's statement upload (/api/dashboard/imports): the browser's session cookie, not a
 * PAT. Its own server, because browsers can only sign in where NEXTAUTH_SECRET is set.
 */

let server: RunningServer;
let baseUrl: string;
let api: ReturnType<typeof createClient>;

function recentDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function upload(
  cookie: string | null,
  accountId: string,
  csv: string,
  parseOptions?: object,
  path = "/api/dashboard/imports",
) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([csv]), "dashboard.csv");
  if (parseOptions) form.set("parse_options", JSON.stringify(parseOptions));
  const headers: Record<string, string> = { "x-forwarded-for": randomIp() };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: form });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const inspect = (cookie: string | null, accountId: string, csv: string, parseOptions?: object) =>
  upload(cookie, accountId, csv, parseOptions, "/api/dashboard/imports/inspect");

const CSV = ["Date,Description,Amount", `${recentDay(2)},Dashboard upload test,-6.66`, ""].join("\r\n");

let demoCookie: string;
let otherCookie: string;
let otherSession: string;
let otherAccount: string;
let travelEur: string;

beforeAll(async () => {
  ({
    server,
    api,
    demo: { cookie: demoCookie, travelEurAccountId: travelEur },
  } = await startDashboardServer());
  baseUrl = server.baseUrl;

  const other = await api.signUp();
  otherCookie = await browserCookies(baseUrl, other.email, other.password);
  otherSession = other.sessionToken;
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: otherSession,
    body: {
      name: "Readings",
      accounts: [{ currency_code: "EUR", opening_balance: "0.00", opening_balance_date: "2025-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  const accounts = await api.call("GET", "/api/trpc/imports.accounts", { token: otherSession });
  otherAccount = accounts.body.result.data.find((account: any) => account.name.startsWith("Readings")).id;
});
afterAll(async () => server?.stop());

describe("POST /api/dashboard/imports", () => {
  it("creates the preview for the signed-in browser's workspace", async () => {
    const answer = await upload(demoCookie, travelEur, CSV);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: "import_jobs",
      attributes: { status: "parsed", file_name: "dashboard.csv", total_rows: 1, account_id: travelEur },
    });
    expect(answer.body.data.attributes.preview[0]).toMatchObject({
      amount: "-6.66",
      currency_code: "EUR",
      description: "Dashboard upload test",
    });
    expect(answer.body.side_effects).toEqual([
      expect.objectContaining({ domain: "import_jobs", id: answer.body.data.id, action: "create" }),
    ]);
    expect(answer.headers.get("idempotent-replayed")).toBeNull();

    // No Idempotency-Key from a browser: the same file again is a new import, not a replay.
    const again = await upload(demoCookie, travelEur, CSV);
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(answer.body.data.id);
  });

  it("answers 401 without a session, and 404 for an account of another workspace", async () => {
    const anonymous = await upload(null, travelEur, CSV);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, code: "TOKEN_MISSING" });
    expect(anonymous.headers.get("x-request-id")).toBe(anonymous.body.request_id);

    // The demo's account, uploaded to by another user's browser.
    const foreign = await upload(otherCookie, travelEur, CSV);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("RESOURCE_NOT_FOUND");
  });

  it("answers 405 to other methods", async () => {
    const response = await fetch(`${baseUrl}/api/dashboard/imports`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

// Headers in no language, month-first dates whose days are all 12 or less, and decimal commas:
// only the person can say how this is read.
const MADE_UP = [
  "Vorp;Quastel;Zimble;Frell",
  "03/04/2025;Bakery Zorn;-3,50;771",
  "11/12/2025;Salary Quinx;2500,00;912",
  "",
].join("\n");
const MAPPING = {
  delimiter: ";",
  date_format: "MM/DD/YYYY",
  decimal_separator: ",",
  columns: { date: "Vorp", description: "Quastel", amount: "Zimble" },
};

describe("POST /api/dashboard/imports/inspect", () => {
  it("shows the file's first rows and its transactions as read with the options, storing nothing", async () => {
    const looked = await inspect(otherCookie, otherAccount, MADE_UP, MAPPING);
    expect(looked.status).toBe(200);
    expect(looked.body.data.head.rows[0]).toEqual({ row: 1, cells: ["Vorp", "Quastel", "Zimble", "Frell"] });
    expect(looked.body.data.transactions.map((t: any) => [t.date, t.amount, t.description, t.currency_code])).toEqual([
      ["2025-03-04", "-3.50", "Bakery Zorn", "EUR"],
      ["2025-11-12", "2500.00", "Salary Quinx", "EUR"],
    ]);
    expect(looked.body.data).toMatchObject({ error: null, transaction_count: 2, parse_options: MAPPING });

    const wrong = await inspect(otherCookie, otherAccount, MADE_UP, {
      ...MAPPING,
      columns: { date: "Quastel", amount: "Zimble" },
    });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data.error).toMatch(/no row has a date in the column read as the date .*\(line 2\)/);
    expect(wrong.body.data.head.rows).toHaveLength(3);

    const imports = await api.call("GET", "/api/trpc/imports.list?input=%7B%7D", { token: otherSession });
    expect(imports.body.result.data.data).toEqual([]);
  });

  it("answers the upload's errors: 401, 404 for another workspace's account, 400 for bad options, 405", async () => {
    expect((await inspect(null, otherAccount, MADE_UP)).status).toBe(401);
    expect((await inspect(demoCookie, otherAccount, MADE_UP)).body.code).toBe("RESOURCE_NOT_FOUND");
    const bad = await inspect(otherCookie, otherAccount, MADE_UP, { colums: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/parse_options\.colums: is not a parse option/);
    const get = await fetch(`${baseUrl}/api/dashboard/imports/inspect`);
    expect(get.status).toBe(405);
  });
});

describe("an account's remembered reading", () => {
  const trpc = (path: string, body?: object) =>
    body === undefined
      ? api.call("GET", `/api/trpc/${path}`, { token: otherSession })
      : api.call("POST", `/api/trpc/${path}`, { token: otherSession, body });

  it("reads the account's next uploads without options, is listed, and is forgotten", async () => {
    const remembered = await trpc("imports.rememberReading", {
      account_id: otherAccount,
      parse_options: MAPPING,
    });
    expect(remembered.status).toBe(200);
    const listed = (await trpc("imports.readings")).body.result.data.data;
    expect(listed).toEqual([{ account_id: otherAccount, parse_options: MAPPING, updated_at: expect.any(String) }]);

    const read = await upload(otherCookie, otherAccount, MADE_UP);
    expect(read.status).toBe(201);
    expect(read.body.data.attributes.preview.map((row: any) => [row.date, row.amount])).toEqual([
      ["2025-03-04", "-3.50"],
      ["2025-11-12", "2500.00"],
    ]);
    expect(read.body.data.attributes.warnings[0]).toBe("Read with the options remembered for this account.");
    expect(read.body.data.attributes.parse_options).toMatchObject(MAPPING);

    // An upload that says how to read its file gets just that.
    const own = await upload(otherCookie, otherAccount, MADE_UP, { ...MAPPING, date_format: "DD/MM/YYYY" });
    expect(own.body.data.attributes.preview.map((row: any) => row.date)).toEqual(["2025-04-03", "2025-12-11"]);
    expect(own.body.data.attributes.warnings.join(" ")).not.toMatch(/remembered/);

    // The kept file of a pending import looked at again: the import itself does not change.
    const input = encodeURIComponent(JSON.stringify({ id: own.body.data.id, parse_options: MAPPING }));
    const looked = await trpc(`imports.inspect?input=${input}`);
    expect(looked.body.result.data.data.transactions.map((t: any) => t.date)).toEqual(["2025-03-04", "2025-11-12"]);
    const job = await trpc(`imports.get?input=${encodeURIComponent(JSON.stringify({ id: own.body.data.id }))}`);
    expect(job.body.result.data.data.attributes.preview_version).toBe(own.body.data.attributes.preview_version);

    expect((await trpc("imports.forgetReading", { account_id: otherAccount })).status).toBe(200);
    expect((await trpc("imports.readings")).body.result.data.data).toEqual([]);
    const detected = await upload(otherCookie, otherAccount, MADE_UP);
    expect(detected.body.data.attributes.warnings.join(" ")).not.toMatch(/remembered/);
  });

  it("is only kept for an account of the caller's workspace", async () => {
    const foreign = await api.call("POST", "/api/trpc/imports.rememberReading", {
      token: otherSession,
      body: { account_id: travelEur, parse_options: MAPPING },
    });
    expect(foreign.status).toBe(404);
  });
});
