import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient, randomIp } from "./client";

/** Duplicates explained over REST: the four reasons, and a verdict the person flips before confirming. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

let token: string;
let accountId: string;

const csv = (rows: string[]) => ["Date,Description,Amount", ...rows, ""].join("\n");
const ofx = (rows: Array<{ id: string; day: string; amount: string; name: string }>) =>
  [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "",
    "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>",
    ...rows.map(
      (row) =>
        `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${row.day}<TRNAMT>${row.amount}<FITID>${row.id}<NAME>${row.name}</STMTTRN>`,
    ),
    "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
  ].join("\n");

async function upload(name: string, content: string) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([content]), name);
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "idempotency-key": randomUUID(), "x-forwarded-for": randomIp() },
    body: form,
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data;
}

async function confirm(id: string) {
  const confirmed = await api.call("POST", `/api/v1/programmatic/imports/${id}/confirm`, {
    token,
    headers: { "idempotency-key": randomUUID() },
    body: {},
  });
  expect(confirmed.status).toBe(201);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const job = await api.call("GET", `/api/v1/programmatic/imports/${id}`, { token });
    if (job.body.data.attributes.status === "completed") return job.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the import did not complete");
}

beforeAll(async () => {
  const { sessionToken } = await api.signUp();
  token = (await api.createToken(sessionToken, ["imports:create", "imports:read", "transactions:read"])).token;
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: sessionToken,
    body: {
      name: "Giro",
      accounts: [{ currency_code: "EUR", opening_balance: "0.00", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  accountId = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data[0].id;
  const first = await upload(
    "february.csv",
    csv(["2026-02-03,REWE Markt Berlin,-12.30", "2026-02-10,Buchhandlung Moser,-24.90"]),
  );
  await confirm(first.id);
  const bank = await upload(
    "january.ofx",
    ofx([{ id: "FIT-1001", day: "20260120", amount: "-80.00", name: "Stadtwerke" }]),
  );
  await confirm(bank.id);
});

describe("duplicates, explained", () => {
  it("say why for each of the four kinds, and book the verdict the person flips", async () => {
    // The bank's id decides whatever the rest says: another day and name, the same FITID.
    const bank = await upload(
      "again.ofx",
      ofx([{ id: "FIT-1001", day: "20260121", amount: "-80.00", name: "SWM Strom" }]),
    );
    expect(bank.attributes.preview[0]).toMatchObject({
      state: "duplicate",
      duplicate_reason: "external_id",
      duplicate_day_distance: 1,
      duplicate_similarity: null,
    });
    const again = await upload(
      "february-and-march.csv",
      csv([
        "2026-02-03,REWE Markt Berlin,-12.30",
        "2026-02-12,Buchhandlung Moser Filiale,-24.90",
        "2026-03-05,Kaffee,-3.20",
        "2026-03-05,Kaffee,-3.20",
      ]),
    );
    expect(
      again.attributes.preview.map((row: any) => [
        row.row,
        row.state,
        row.duplicate_reason,
        row.duplicate_day_distance,
        row.duplicate_similarity,
      ]),
    ).toEqual([
      [1, "duplicate", "same_date_amount_text", 0, 1],
      [2, "duplicate", "near_date_same_amount_similar_text", 2, 0.67],
      [3, "new", null, null, null],
      [4, "duplicate", "repeated_in_file", 0, 1],
    ]);
    expect(again.attributes.preview[3].duplicate_of).toBe("row:3");

    const flipped = await api.call("PATCH", `/api/v1/programmatic/imports/${again.id}/preview`, {
      token,
      body: { rows: [{ row: 4, duplicate: false }] },
    });
    expect(flipped.status, JSON.stringify(flipped.body)).toBe(200);
    const done = await confirm(again.id);
    expect(done.attributes).toMatchObject({ imported_count: 2, skipped_count: 2, skipped_existing_count: 2 });
  });
});
