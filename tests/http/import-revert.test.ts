import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

/** A completed import reverted; the opening balance adjustment confirmed or declined. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

let session: string;
let token: string;
let otherToken: string;

function recentDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
const ofxDay = (day: string) => day.replaceAll("-", "");
const cents = (amount: string) => Math.round(Number(amount) * 100);
const euros = (value: number) => (value / 100).toFixed(2);

/** A fresh wallet with one EUR account: nothing else books on it. */
async function newAccount(openingBalance: string, openingDate: string): Promise<string> {
  const created = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name: `Revert ${randomUUID().slice(0, 8)}`,
      accounts: [{ currency_code: "EUR", opening_balance: openingBalance, opening_balance_date: openingDate }],
    },
  });
  expect(created.status).toBe(200);
  return (await account({ walletId: created.body.result.data.id })).id;
}

async function account({ walletId, id }: { walletId?: string; id?: string }) {
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts?limit=100", { token })).body.data;
  return accounts.find((row: any) => row.id === id || row.attributes.wallet_id === walletId);
}

async function upload(accountId: string, file: string, name: string) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([file]), name);
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "idempotency-key": `revert-${randomUUID()}`,
      "x-forwarded-for": randomIp(),
    },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()).data;
}

const post = (path: string, body: object, key = `revert-${randomUUID()}`, as = token) =>
  api.call("POST", path, { token: as, body, headers: { "idempotency-key": key } });

async function confirmAndWait(id: string, body: object = {}) {
  const confirmed = await post(`/api/v1/programmatic/imports/${id}/confirm`, body);
  expect(confirmed.status).toBe(201);
  for (let i = 0; i < 60; i += 1) {
    const attributes = (await api.call("GET", `/api/v1/programmatic/imports/${id}`, { token })).body.data.attributes;
    if (attributes.status === "completed" || attributes.status === "failed") return attributes;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`import ${id} did not complete`);
}

// One row before the opening date (20 days ago), two after; the bank's closing balance 3 days ago.
const opening = { balance: "250.00", date: recentDay(20) };
const rows = [
  { day: recentDay(30), amount: "-40.00", id: "F1", name: "Old dinner" },
  { day: recentDay(10), amount: "-9.51", id: "F2", name: "Bakery" },
  { day: recentDay(5), amount: "100.00", id: "F3", name: "Refund" },
];
const closing = { day: recentDay(3), amount: "211.00" };
const OFX = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "",
  "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR",
  `<BANKTRANLIST><DTSTART>${ofxDay(rows[0]!.day)}<DTEND>${ofxDay(closing.day)}`,
  ...rows.map(
    (row) =>
      `<STMTTRN><TRNTYPE>${row.amount.startsWith("-") ? "DEBIT" : "CREDIT"}<DTPOSTED>${ofxDay(row.day)}<TRNAMT>${row.amount}<FITID>${row.id}<NAME>${row.name}</STMTTRN>`,
  ),
  `</BANKTRANLIST><LEDGERBAL><BALAMT>${closing.amount}<DTASOF>${ofxDay(closing.day)}</LEDGERBAL>`,
  "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
].join("\n");
// The import moves the opening balance to the earliest row's day so that the balance on the closing
// day is the bank's: opening + every row = closing.
const rowsTotal = rows.reduce((sum, row) => sum + cents(row.amount), 0);
const adjustedOpening = euros(cents(closing.amount) - rowsTotal);

beforeAll(async () => {
  // A workspace of its own: the wallets it creates must not show in the demo workspace other files read.
  session = (await api.signUp()).sessionToken;
  token = (await api.createToken(session, ALL_SCOPES)).token;
  otherToken = (await api.createToken((await api.signUp()).sessionToken, ALL_SCOPES)).token;
});

describe("POST /api/v1/programmatic/imports/{id}/revert", () => {
  it("restores the account's balance and opening balance exactly, and a re-upload is new again", async () => {
    const accountId = await newAccount(opening.balance, opening.date);
    expect((await account({ id: accountId })).attributes).toMatchObject({
      current_balance: "250.00",
      opening_balance: "250.00",
      opening_balance_date: opening.date,
    });

    const job = await upload(accountId, OFX, "old.ofx");
    expect(job.attributes.opening_balance_adjusted).toEqual([
      expect.objectContaining({
        old_opening_balance: "250.00",
        new_opening_balance: adjustedOpening,
        new_opening_balance_date: rows[0]!.day,
      }),
    ]);
    expect(await confirmAndWait(job.id)).toMatchObject({ status: "completed", imported_count: 3 });
    expect((await account({ id: accountId })).attributes).toMatchObject({
      current_balance: closing.amount,
      opening_balance: adjustedOpening,
      opening_balance_date: rows[0]!.day,
    });
    // The account's list reads as the statement: each row's balance after it, the newest one the closing balance.
    const ledger = await api.call("GET", `/api/v1/programmatic/transactions?account_id=${accountId}`, { token });
    expect(ledger.body.data.map((row: any) => [row.description, row.running_balance])).toEqual([
      ["Refund", closing.amount],
      ["Bakery", euros(cents(closing.amount) - 10_000)],
      ["Old dinner", euros(cents(closing.amount) - 10_000 + 951)],
    ]);
    // Duplicate detection sees the booked rows.
    expect((await upload(accountId, OFX, "old.ofx")).attributes.preview.map((row: any) => row.state)).toEqual([
      "duplicate",
      "duplicate",
      "duplicate",
    ]);

    const key = `revert-${randomUUID()}`;
    const reverted = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {}, key);
    expect(reverted.status).toBe(201);
    expect(reverted.body.data).toMatchObject({ id: job.id, type: "import_jobs", attributes: { status: "reverted" } });
    expect(Date.parse(reverted.body.data.attributes.reverted_at)).toBeGreaterThan(Date.now() - 60_000);
    const effects = reverted.body.side_effects;
    expect(
      effects.filter((effect: any) => effect.domain === "transactions" && effect.action === "delete"),
    ).toHaveLength(3);
    expect(effects.find((effect: any) => effect.domain === "accounts")).toEqual({
      domain: "accounts",
      id: accountId,
      action: "upsert",
      data: {
        current_balance: "250.00",
        opening_balance: "250.00",
        opening_balance_date: opening.date,
        opening_balance_restored: true,
      },
    });
    expect(effects.some((effect: any) => effect.domain === "wallets" && effect.action === "upsert")).toBe(true);

    expect((await account({ id: accountId })).attributes).toMatchObject({
      current_balance: "250.00",
      opening_balance: "250.00",
      opening_balance_date: opening.date,
    });
    const read = await api.call("GET", `/api/v1/programmatic/imports/${job.id}`, { token });
    expect(read.body.data.attributes).toMatchObject({
      status: "reverted",
      reverted_at: reverted.body.data.attributes.reverted_at,
    });
    // At once: the same file is no longer a duplicate of anything.
    expect((await upload(accountId, OFX, "old.ofx")).attributes.preview.map((row: any) => row.state)).toEqual([
      "pre_opening",
      "new",
      "new",
    ]);

    const replay = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {}, key);
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    const twice = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {});
    expect([twice.status, twice.body.code]).toEqual([409, "IMPORT_STATE_CONFLICT"]);
  });

  it("answers 409 for an import not completed, 404 to another workspace, and needs the key and the scope", async () => {
    const accountId = await newAccount("0.00", recentDay(60));
    const job = await upload(accountId, OFX, "parsed.ofx");
    const parsed = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {});
    expect([parsed.status, parsed.body.code]).toEqual([409, "IMPORT_STATE_CONFLICT"]);
    expect(parsed.body.message).toContain("parsed");

    const foreign = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {}, undefined, otherToken);
    expect([foreign.status, foreign.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    const noKey = await api.call("POST", `/api/v1/programmatic/imports/${job.id}/revert`, { token, body: {} });
    expect([noKey.status, noKey.body.code]).toEqual([400, "IDEMPOTENCY_KEY_INVALID"]);
    const readOnly = (await api.createToken(session, ["imports:read"])).token;
    const forbidden = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {}, undefined, readOnly);
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });

  it("refuses to drop a transaction categorised since, naming it, until force", async () => {
    const accountId = await newAccount("0.00", recentDay(60));
    const job = await upload(accountId, OFX, "categorised.ofx");
    await confirmAndWait(job.id);
    const input = encodeURIComponent(JSON.stringify({ account_id: accountId }));
    const listed = await api.call("GET", `/api/trpc/transactions.list?input=${input}`, { token: session });
    const bakery = listed.body.result.data.data.find((row: any) => row.description === "Bakery");
    expect(bakery).toBeDefined();
    const categories = (await api.call("GET", "/api/v1/programmatic/categories?limit=100", { token })).body.data;
    const category = categories.find((row: any) => !row.attributes.is_archived);
    const filed = await api.call("POST", "/api/trpc/transactions.setCategory", {
      token: session,
      body: { id: bakery.id, category_id: category.id },
    });
    expect(filed.status).toBe(200);

    const refused = await post(`/api/v1/programmatic/imports/${job.id}/revert`, {});
    expect([refused.status, refused.body.code]).toEqual([409, "IMPORT_STATE_CONFLICT"]);
    expect(refused.body.message).toContain(bakery.id);
    const forced = await post(`/api/v1/programmatic/imports/${job.id}/revert`, { force: true });
    expect(forced.status).toBe(201);
    expect(forced.body.side_effects.find((effect: any) => effect.id === bakery.id)).toMatchObject({
      action: "delete",
      data: { edited_since_import: true },
    });
    expect((await account({ id: accountId })).attributes.current_balance).toBe("0.00");
  });

  it("reconciles the account to the statement's closing balance in one step; a reconciled row then holds the revert", async () => {
    const accountId = await newAccount(opening.balance, opening.date);
    const job = await upload(accountId, OFX, "reconciled.ofx");
    expect(job.attributes.closing_balances).toEqual([
      { account_id: accountId, amount: closing.amount, date: closing.day },
    ]);
    await confirmAndWait(job.id);
    // The statement's rows arrive cleared: its closing balance is reached at once.
    const reconciled = await api.call("POST", `/api/v1/programmatic/accounts/${accountId}/reconciliations`, {
      token,
      body: { statement_balance: closing.amount, as_of: closing.day, finish: true },
    });
    expect(reconciled.status).toBe(200);
    expect(reconciled.body.data).toMatchObject({ difference: "0.00", reconciled: true, locked_count: 3 });
    const refused = await post(`/api/v1/programmatic/imports/${job.id}/revert`, { force: true });
    expect([refused.status, refused.body.code]).toEqual([409, "TRANSACTION_RECONCILED"]);
    expect((await account({ id: accountId })).attributes.current_balance).toBe(closing.amount);
  });
});

describe("POST /api/v1/programmatic/imports/{id}/confirm with adjust_opening_balance", () => {
  it("false leaves the opening balance alone and the completed job shows no adjustment", async () => {
    const accountId = await newAccount(opening.balance, opening.date);
    const job = await upload(accountId, OFX, "declined.ofx");
    expect(job.attributes.opening_balance_adjusted).toHaveLength(1);
    const done = await confirmAndWait(job.id, { adjust_opening_balance: false });
    expect(done).toMatchObject({ status: "completed", imported_count: 3, opening_balance_adjusted: [] });
    // The row before the opening date is booked, but the balance counts from the opening date.
    const after = rows.slice(1).reduce((sum, row) => sum + cents(row.amount), cents(opening.balance));
    expect((await account({ id: accountId })).attributes).toMatchObject({
      opening_balance: "250.00",
      opening_balance_date: opening.date,
      current_balance: euros(after),
    });
  });
});
