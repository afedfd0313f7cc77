/**
 * The REST API from TypeScript: openapi-fetch, typed by what openapi-typescript makes of the
 * server's OpenAPI document. Lists the accounts, reads a wallet, creates a transaction template
 * (retried with the same Idempotency-Key), uploads a CSV statement and confirms it, reads the
 * cash-flow summary, and reads the error body of a 404.
 *
 *   npx openapi-typescript http://localhost:3000/api/v1/openapi.json -o tests/clients/typescript/generated/api.d.ts
 *   PFA_BASE_URL=http://localhost:3000 PFA_TOKEN=pfa_... npx tsx tests/clients/typescript/example.ts
 *
 * PFA_ACCOUNT names the account to upload into (the first one listed otherwise). The token needs
 * transactions:read, wallets:read, transaction_templates:create, imports:create and reports:read.
 * Each step prints one JSON line (tests/http/clients.test.ts reads them).
 */
import { randomUUID } from "node:crypto";
import createClient from "openapi-fetch";
import type { paths } from "generated/api";

const api = createClient<paths>({
  baseUrl: setting("PFA_BASE_URL"),
  headers: { Authorization: `Bearer ${setting("PFA_TOKEN")}` },
});

type ImportJob =
  paths["/api/v1/programmatic/imports/{id}"]["get"]["responses"][200]["content"]["application/json"]["data"];

function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
}

function report(step: string, values: Record<string, unknown>): void {
  console.log(JSON.stringify({ step, ...values }));
}

/** The body of a 2xx answer; any other stops the script with the error body's code and message. */
async function ok<Data, Failure>(call: Promise<{ data?: Data; error?: Failure; response: Response }>): Promise<Data> {
  const { data, error, response } = await call;
  if (data === undefined) throw new Error(`${response.status} ${response.url}: ${JSON.stringify(error)}`);
  return data;
}

/** A day `daysAgo` before today, as the statement writes it. */
function dayBefore(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

async function listAccounts() {
  const { data } = await ok(api.GET("/api/v1/programmatic/accounts", { params: { query: { limit: 200 } } }));
  return data;
}

/** Polls the import until the worker has booked it (or given up). */
async function bookedImport(id: string): Promise<ImportJob> {
  for (let attempt = 0; ; attempt += 1) {
    const { data } = await ok(api.GET("/api/v1/programmatic/imports/{id}", { params: { path: { id } } }));
    const { status } = data.attributes;
    if (status === "completed" || status === "failed" || attempt === 80) return data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<void> {
  const run = randomUUID().slice(0, 8);

  const accounts = await listAccounts();
  const wanted = process.env.PFA_ACCOUNT;
  const account = accounts.find((candidate) => wanted === undefined || candidate.attributes.name === wanted);
  if (!account) throw new Error(`no account named ${wanted}`);
  const before = account.attributes.current_balance;
  report("accounts", {
    count: accounts.length,
    account: account.attributes.name,
    currency: account.attributes.currency_code,
    balance: before,
  });

  const { data: wallet } = await ok(
    api.GET("/api/v1/programmatic/wallets/{id}", { params: { path: { id: account.attributes.wallet_id } } }),
  );
  report("wallet", { id: wallet.id, name: wallet.attributes.name, accounts: wallet.attributes.accounts.length });

  // A retry with the same key and body answers the first response again (Idempotent-Replayed: true).
  const templateKey = `example-template-${run}`;
  const createTemplate = () =>
    api.POST("/api/v1/programmatic/transaction-templates", {
      params: { header: { "Idempotency-Key": templateKey } },
      body: {
        direction: "expense",
        name: `Coffee ${run}`,
        source_wallet_id: wallet.id,
        amount_minor: "380",
        currency_code: account.attributes.currency_code,
        description: "Coffee",
      },
    });
  const { data: template } = await ok(createTemplate());
  const retry = await createTemplate();
  report("template", {
    id: template.id,
    name: template.name,
    amount_minor: template.fields.amountMinor,
    retried_id: retry.data?.data.id,
    replayed: retry.response.headers.get("idempotent-replayed") === "true",
  });

  // The Python example books the same amounts: with similar descriptions its rows would be duplicates of these.
  const day = dayBefore(2);
  const csv = `Date,Description,Amount\r\n${day},Espresso bar Lisbon,-3.80\r\n${day},Hotel deposit returned,25.00\r\n`;
  const statement = new Blob([csv], { type: "text/csv" });
  const { data: uploaded } = await ok(
    api.POST("/api/v1/programmatic/imports", {
      params: { header: { "Idempotency-Key": `example-upload-${run}` } },
      body: { account_id: account.id, file: statement },
      // multipart/form-data: openapi-fetch sends what this returns, and fetch writes the boundary.
      // The file part is raw binary (typed unknown), so the Blob itself goes into the form.
      bodySerializer: (body) => {
        const form = new FormData();
        form.set("account_id", body.account_id);
        form.set("file", statement, "statement.csv");
        return form;
      },
    }),
  );
  report("upload", {
    id: uploaded.id,
    day,
    status: uploaded.attributes.status,
    total_rows: uploaded.attributes.total_rows,
    amounts: uploaded.attributes.preview.map((row) => row.amount),
    states: uploaded.attributes.preview.map((row) => row.state),
  });

  const { data: confirmed } = await ok(
    api.POST("/api/v1/programmatic/imports/{id}/confirm", {
      params: { path: { id: uploaded.id }, header: { "Idempotency-Key": `example-confirm-${run}` } },
      body: { skip_duplicates: true },
    }),
  );
  const booked = await bookedImport(uploaded.id);
  const after = (await listAccounts()).find((candidate) => candidate.id === account.id)?.attributes.current_balance;
  report("confirm", {
    status: confirmed.attributes.status,
    final_status: booked.attributes.status,
    imported_count: booked.attributes.imported_count,
    balance_before: before,
    balance_after: after,
  });

  const month = day.slice(0, 7);
  const { data: summary } = await ok(
    api.GET("/api/v1/programmatic/reports/cash-flow-summary", { params: { query: { month } } }),
  );
  report("report", {
    id: summary.id,
    month: summary.attributes.month,
    window: summary.window,
    income: summary.attributes.total_income_agg.home_converted.amount,
    expenses: summary.attributes.total_expenses_agg.home_converted.amount,
  });

  // A 4xx: `error` is the error body, typed by the document (code, message, request_id).
  const missing = await api.GET("/api/v1/programmatic/wallets/{id}", { params: { path: { id: randomUUID() } } });
  report("error", { status: missing.response.status, code: missing.error?.code, message: missing.error?.message });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
