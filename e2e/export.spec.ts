import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import XLSX from "sheetjs-style";
import { expect, test, type APIRequestContext, type Page } from "./test";

/**
 * Export as a person does it: the transactions page's filtered list saved as CSV and XLSX, whose
 * rows are the API's list and whose formula-like text (an imported `=HYPERLINK(...)`) is neutralised;
 * and a report's figures saved from its card.
 */

const PASSWORD = "export-password-1234";
const HOSTILE = '=HYPERLINK("http://evil.example","Refund")';

/** Last month (UTC), YYYY-MM: inside the reports' recent window on any day. */
const LAST_MONTH = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
})();

/** A new user with a wallet and five transactions of last month (one named like a formula), signed in. */
async function newUserWithTransactions(page: Page, request: APIRequestContext) {
  const email = `e2e-export-${Date.now()}@example.com`;
  await page.goto("/sign-up");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);

  const session = await request.post("/api/v1/auth/sessions", { data: { email, password: PASSWORD } });
  const sessionToken: string = (await session.json()).data.attributes.session_token;
  const wallet = await request.post("/api/trpc/wallets.create", {
    headers: { Authorization: `Bearer ${sessionToken}` },
    data: {
      name: "Girokonto",
      accounts: [{ currency_code: "EUR", opening_balance: "500", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(wallet.status()).toBe(200);
  const created = await request.post("/api/v1/programmatic-access/credentials", {
    headers: { Authorization: `Bearer ${sessionToken}` },
    data: {
      name: "export",
      audience: "programmatic_api",
      scopes: ["transactions:read", "transactions:write", "accounts:read"],
      expires_in_days: 1,
    },
  });
  const token: string = (await created.json()).data.attributes.token;
  const auth = { Authorization: `Bearer ${token}` };
  const account = (await (await request.get("/api/v1/programmatic/accounts", { headers: auth })).json()).data[0].id;
  const rows = [
    { date: `${LAST_MONTH}-02`, amount: "-42.10", description: "REWE Markt", counterparty: "REWE" },
    { date: `${LAST_MONTH}-05`, amount: "-12.00", description: HOSTILE },
    { date: `${LAST_MONTH}-09`, amount: "-3.50", description: "@SUM(1+1)" },
    { date: `${LAST_MONTH}-15`, amount: "2100.00", description: "Gehalt April", counterparty: "ACME GmbH" },
    { date: `${LAST_MONTH}-20`, amount: "-800.00", description: "Miete", notes: "+ Nebenkosten" },
  ];
  const written = await request.post("/api/v1/programmatic/transactions", {
    headers: { ...auth, "Idempotency-Key": `e2e-export-${Date.now()}` },
    data: { transactions: rows.map((row) => ({ account_id: account, ...row })) },
  });
  expect(written.status()).toBe(201);
  return async (query: string) =>
    (await (await request.get(`/api/v1/programmatic/transactions?limit=200&${query}`, { headers: auth })).json())
      .data as Array<Record<string, string | null>>;
}

async function download(page: Page, name: string): Promise<{ filename: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name }).click()]);
  return { filename: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

test("the filtered list exports as CSV and XLSX: the API's rows, formula-like text neutralised", async ({
  page,
  request,
}) => {
  const listed = await newUserWithTransactions(page, request);
  await page.goto("/transactions?max=100&sort=amount&order=asc");
  await expect(page.locator("tbody tr.tx-row")).toHaveCount(3);
  const expected = await listed("amount_max=100&sort=amount&order=asc");
  expect(expected).toHaveLength(3);

  const csv = await download(page, "Export transactions as CSV");
  expect(csv.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString("utf8"), { header: true, skipEmptyLines: true });
  expect(parsed.data.map((row) => [row.id, row.date, row.amount, row.description])).toEqual(
    expected.map((row) => [
      row.id,
      row.date,
      row.amount,
      /^[=@+-]/.test(row.description!) ? `'${row.description}` : row.description,
    ]),
  );
  expect(parsed.data.map((row) => row.description)).toContain(`'${HOSTILE}`);
  expect(parsed.data.map((row) => row.description)).toContain("'@SUM(1+1)");

  const xlsx = await download(page, "Export transactions as XLSX");
  expect(xlsx.filename).toMatch(/\.xlsx$/);
  const book = XLSX.read(xlsx.bytes, { type: "buffer" });
  const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!, { raw: true });
  expect(sheet.map((row) => [row.id, row.amount])).toEqual(expected.map((row) => [row.id, Number(row.amount)]));
  expect(sheet.map((row) => row.description)).toContain(`'${HOSTILE}`);
});

test("a report's figures export from its card", async ({ page, request }) => {
  await newUserWithTransactions(page, request);
  await page.goto("/reports");
  const card = page.getByTestId("report-cash-flow-summary");
  await expect(card.getByRole("button", { name: "Export cash flow as CSV" })).toBeVisible();
  const csv = await download(page, "Export cash flow as CSV");
  expect(csv.filename).toMatch(/^cash-flow-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = csv.bytes.toString("utf8").trim().split("\r\n");
  expect(lines[0]).toBe("month,income (EUR),expenses,savings_rate,partial");
  expect(lines).toContain(`${LAST_MONTH},2100.00,857.60,59.16,no`);
});
