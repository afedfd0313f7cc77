import Papa from "papaparse";
import XLSX from "sheetjs-style";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { transactionsWorkspace } from "./transactions-testing";

/** GET /transactions/export: the list's rows as a CSV or XLSX file, formula-like text neutralised. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const TX = "/api/v1/programmatic/transactions";
let token: string;

const HOSTILE = ['=HYPERLINK("http://evil.example","click")', "+49 30 1234", "-minus first", "@SUM(A1)", "\tTabbed"];

beforeAll(async () => {
  let account: string;
  ({ token, account } = await transactionsWorkspace(api, "Export"));
  const rows = [
    ...HOSTILE.map((description, index) => ({
      description,
      amount: `-${index + 1}.25`,
      date: `2026-04-0${index + 1}`,
    })),
    { description: "Salary, April", amount: "2500.00", date: "2026-04-28", counterparty: 'ACME "Ltd"' },
    { description: "Grocer\nsecond line", amount: "-31.40", date: "2026-05-02" },
  ];
  const written = await api.call("POST", TX, {
    token,
    headers: { "idempotency-key": `export-${Date.now()}` },
    body: { transactions: rows.map((row) => ({ account_id: account, ...row })) },
  });
  expect(written.status).toBe(201);
});

async function download(query: string) {
  const response = await fetch(`${baseUrl}${TX}/export?${query}`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

const listed = async (query: string) =>
  (await api.call("GET", `${TX}?limit=200&${query}`, { token })).body.data as Array<Record<string, string | null>>;

describe("GET /transactions/export", () => {
  it("answers a CSV whose rows equal the list's, in its order and with its filters, formulas neutralised", async () => {
    const { response, bytes } = await download("from=2026-04-01&to=2026-04-30&sort=amount");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const parsed = Papa.parse<Record<string, string>>(bytes.toString("utf8"), { header: true, skipEmptyLines: true });
    const list = await listed("from=2026-04-01&to=2026-04-30&sort=amount");
    expect(list).toHaveLength(6);
    expect(parsed.data.map((row) => [row.id, row.date, row.amount, row.currency_code])).toEqual(
      list.map((row) => [row.id, row.date, row.amount, row.currency_code]),
    );
    // What a spreadsheet would run as a formula starts with an apostrophe; everything else is as listed.
    const descriptions = Object.fromEntries(parsed.data.map((row) => [row.id, row.description]));
    for (const row of list) {
      const text = row.description!;
      expect(descriptions[row.id!]).toBe(/^[=+\-@\t]/.test(text) ? `'${text}` : text);
    }
    expect(parsed.data.find((row) => row.description === "Salary, April")?.counterparty).toBe('ACME "Ltd"');
    // Amounts are numbers the spreadsheet sums, not neutralised text.
    expect(parsed.data.map((row) => row.amount)).toContain("-5.25");
    // The same file again for a client that holds it: 304 without a body.
    const tag = response.headers.get("etag")!;
    const again = await fetch(`${baseUrl}${TX}/export?from=2026-04-01&to=2026-04-30&sort=amount`, {
      headers: { authorization: `Bearer ${token}`, "if-none-match": tag },
    });
    expect([again.status, await again.text()]).toEqual([304, ""]);
  });

  it("answers an XLSX with the same rows: days as dates, amounts as numbers", async () => {
    const { response, bytes } = await download("format=xlsx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const book = XLSX.read(bytes, { type: "buffer", cellNF: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
    const list = await listed("");
    expect(rows.map((row) => row.id)).toEqual(list.map((row) => row.id));
    expect(rows.map((row) => row.amount)).toEqual(list.map((row) => Number(row.amount)));
    // 2026-05-02 as a spreadsheet's day number, shown as a date.
    expect(rows[0]!.date).toBe(46144);
    expect(sheet["A2"]!.z).toBe("yyyy-mm-dd");
    expect(rows.find((row) => String(row.description).includes("HYPERLINK"))?.description).toBe(`'${HOSTILE[0]}`);
  });

  it("refuses what it cannot answer with the spec's error body", async () => {
    const badFormat = await api.call("GET", `${TX}/export?format=pdf`, { token });
    expect([badFormat.status, badFormat.body.code, badFormat.body.issues?.[0]?.path]).toEqual([
      400,
      "VALIDATION_FAILED",
      ["format"],
    ]);
    const badRange = await api.call("GET", `${TX}/export?from=2026-05-01&to=2026-04-01`, { token });
    expect([badRange.status, badRange.body.issues?.[0]?.path]).toEqual([400, ["to"]]);
    const paged = await api.call("GET", `${TX}/export?page=2`, { token });
    expect([paged.status, paged.body.issues?.[0]?.path]).toEqual([400, ["page"]]);
    const anonymous = await api.call("GET", `${TX}/export`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "TOKEN_MISSING"]);
    const session = (await api.signUp()).sessionToken;
    const walletsOnly = (await api.createToken(session, ["wallets:read"])).token;
    const forbidden = await api.call("GET", `${TX}/export`, { token: walletsOnly });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });

  it("exports nothing of another workspace: an empty file of headers for a stranger's account", async () => {
    const stranger = await transactionsWorkspace(api, "Stranger");
    const { bytes } = await download(`account_id=${stranger.account}`);
    expect(bytes.toString("utf8").split("\r\n")).toEqual([
      "date,type,amount,currency_code,account_name,category_name,description,counterparty,notes,peer_account_name,foreign_amount,foreign_currency_code,external_id,id,tags,cleared,reconciled,parts",
      "",
    ]);
  });
});
