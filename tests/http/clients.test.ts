import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import initSqlJs from "sql.js";
import { ALL_SCOPES, createClient } from "./client";

/**
 * The client examples of docs/api.md ("Client libraries") against the running server: the
 * TypeScript one typed from the server's own document and checked with `tsc --strict`, the Python
 * one sending the upload's fields as text/plain parts like openapi-python-client. Each prints a
 * JSON line per step; the values are checked against what REST answers.
 */

const run = promisify(execFile);
const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const ROOT = process.cwd();
const CLIENTS = path.join(ROOT, "tests", "clients");
const ACCOUNT = "Travel (EUR)";
/** The examples' CSV: -3.80 and +25.00. */
const CSV_NET_MINOR = 2120n;

let token: string;
let workDir: string;

type Step = Record<string, any> & { step: string };

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  // Inside the project (a git-ignored folder), so the docs' snippets find openapi-fetch as a
  // client project's files would, in its node_modules.
  const generated = path.join(CLIENTS, "typescript", "generated");
  mkdirSync(generated, { recursive: true });
  workDir = mkdtempSync(path.join(generated, "run-"));
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Runs a client example with the server's address and the token; its steps by name. */
async function runExample(command: string, args: string[]): Promise<Record<string, Step>> {
  const env = { ...process.env, PFA_BASE_URL: baseUrl, PFA_TOKEN: token, PFA_ACCOUNT: ACCOUNT };
  const { stdout } = await run(command, args, { cwd: ROOT, env, timeout: 60_000 }).catch(
    (error: { stdout?: string; stderr?: string }) => {
      throw new Error(`${command} ${args.join(" ")} failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
    },
  );
  const steps = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Step);
  return Object.fromEntries(steps.map((step) => [step.step, step]));
}

/** docs/api.md's TypeScript blocks that use the generated types (they import `./api`). */
function typescriptSnippets(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1]!)
    .filter((code) => code.includes('from "./api"'));
}

/** "12.34" as minor units (two places, as EUR has). */
const minor = (amount: string) => {
  const [units, cents = ""] = amount.split(".");
  expect(cents).toHaveLength(2);
  return BigInt(`${units}${cents}`);
};

/** What both examples must have printed, checked against REST's own answers. */
async function expectSteps(steps: Record<string, Step>) {
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts?limit=200", { token })).body.data;
  const travel = accounts.find((account: any) => account.attributes.name === ACCOUNT);
  expect(steps.accounts).toMatchObject({ count: accounts.length, account: ACCOUNT, currency: "EUR" });

  const wallet = (await api.call("GET", `/api/v1/programmatic/wallets/${travel.attributes.wallet_id}`, { token })).body
    .data;
  expect(steps.wallet).toEqual({ step: "wallet", id: wallet.id, name: "Travel", accounts: 2 });

  expect(steps.template).toMatchObject({ amount_minor: "380", retried_id: steps.template!.id, replayed: true });
  expect(steps.template!.name).toMatch(/^Coffee [0-9a-f]{8}$/);

  expect(steps.upload).toMatchObject({
    status: "parsed",
    total_rows: 2,
    amounts: ["-3.80", "25.00"],
    states: ["new", "new"],
  });
  const daysAgo = (Date.now() - Date.parse(steps.upload!.day)) / 86_400_000;
  expect(daysAgo > 1 && daysAgo < 5).toBe(true);
  expect(steps.confirm).toMatchObject({ status: "queued", final_status: "completed", imported_count: 2 });
  const { balance_before: before, balance_after: after } = steps.confirm!;
  expect(minor(after) - minor(before)).toBe(CSV_NET_MINOR);
  expect(after).toBe(travel.attributes.current_balance);
  const job = (await api.call("GET", `/api/v1/programmatic/imports/${steps.upload!.id}`, { token })).body.data;
  expect(job.attributes).toMatchObject({ status: "completed", imported_count: 2, account_id: travel.id });

  const month = steps.report!.month as string;
  expect(month).toBe(steps.upload!.day.slice(0, 7));
  const summary = (await api.call("GET", `/api/v1/programmatic/reports/cash-flow-summary?month=${month}`, { token }))
    .body.data;
  expect(steps.report).toMatchObject({
    id: `cash_flow_summary:${month}:recent`,
    window: { ...summary.window, applied_months: 6, requested_range: "recent" },
    income: summary.attributes.total_income_agg.home_converted.amount,
    expenses: summary.attributes.total_expenses_agg.home_converted.amount,
  });

  expect(steps.error).toMatchObject({ status: 404, code: "RESOURCE_NOT_FOUND" });
  expect(steps.error!.message).toEqual(expect.any(String));
}

describe("client examples against the running server", () => {
  it("TypeScript: openapi-typescript's CLI output types the examples and docs/api.md's snippets under tsc --strict, and openapi-fetch runs every step", async () => {
    // As docs/api.md says to: the CLI on the served document's URL, no transform, no options.
    const types = path.join(workDir, "api.d.ts");
    const cli = path.join(ROOT, "node_modules", "openapi-typescript", "bin", "cli.js");
    await run(process.execPath, [cli, `${baseUrl}/api/v1/openapi.json`, "-o", types], { cwd: workDir });
    const snippets = typescriptSnippets(readFileSync(path.join(ROOT, "docs", "api.md"), "utf8"));
    expect(snippets.length).toBeGreaterThan(0);
    snippets.forEach((snippet, index) => writeFileSync(path.join(workDir, `snippet-${index + 1}.ts`), snippet));
    const tsconfig = path.join(workDir, "tsconfig.json");
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(CLIENTS, "tsconfig.json"),
        compilerOptions: { paths: { "generated/api": [types.replace(/\.d\.ts$/, "")] } },
        include: [path.join(CLIENTS, "typescript", "*.ts"), path.join(workDir, "snippet-*.ts")],
      }),
    );
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    await run(process.execPath, [tsc, "-p", tsconfig, "--strict", "--pretty", "false"], { cwd: ROOT }).catch(
      (error: { stdout?: string }) => {
        throw new Error(`tsc --strict found type errors in tests/clients/typescript or docs/api.md:\n${error.stdout}`);
      },
    );

    const steps = await runExample(process.execPath, [
      "--import",
      "tsx",
      path.join(CLIENTS, "typescript", "example.ts"),
    ]);
    await expectSteps(steps);
  });

  it("Python: requests with text/plain field parts (openapi-python-client's upload) runs every step and reads error bodies", async () => {
    await run("python3", ["-c", "import requests"]).catch((error: { stderr?: string; code?: string }) => {
      throw new Error(
        `the Python example needs python3 with requests (apt-get install python3-requests, or pip install requests): ${error.code ?? ""} ${error.stderr ?? ""}`,
      );
    });
    const steps = await runExample("python3", [path.join(CLIENTS, "python", "example.py")]);
    await expectSteps(steps);
    expect(steps.validation_error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(steps.validation_error!.message).toMatch(/^Validation failed: account_id: /);
  });

  describe("the sync examples (docs/api.md, Keeping a copy in sync)", () => {
    const SYNCED = {
      transactions: "/api/v1/programmatic/transactions",
      categories: "/api/v1/programmatic/categories",
      accounts: "/api/v1/programmatic/accounts",
    };

    /** A new workspace with an account, a category and three transactions, and a token that reads and writes them. */
    async function syncWorkspace() {
      const session = (await api.signUp()).sessionToken;
      const writer = (await api.createToken(session, ["transactions:read", "transactions:write", "accounts:read"]))
        .token;
      const trpc = async (procedure: string, body: unknown) =>
        (await api.call("POST", `/api/trpc/${procedure}`, { token: session, body })).body.result.data;
      await trpc("wallets.create", {
        name: "Girokonto",
        accounts: [{ currency_code: "EUR", opening_balance: "100.00", opening_balance_date: "2026-01-01" }],
      });
      const category = (
        await trpc("categories.create", { name: "Bücher", group_id: null, icon_name: null, aliases: [] })
      ).id;
      const account = (await api.call("GET", SYNCED.accounts, { token: writer })).body.data[0].id as string;
      const write = async (rows: Array<Record<string, unknown>>) => {
        const written = await api.call("POST", SYNCED.transactions, {
          token: writer,
          headers: { "idempotency-key": `sync-example-${Math.random()}` },
          body: { transactions: rows.map((row) => ({ account_id: account, date: "2026-04-02", ...row })) },
        });
        expect(written.status, JSON.stringify(written.body)).toBe(201);
        return (written.body.data as Array<{ id: string }>).map((row) => row.id);
      };
      const ids = await write([
        { amount: "-1.00", description: "Kiosk" },
        { amount: "-2.00", description: "Buchladen", category_id: category },
        { amount: "-3.00", description: "Bäcker" },
      ]);
      return { writer, category, ids, write };
    }

    /** What a list holds now, read in full over REST, as the SQLite copy keeps it (id -> row). */
    async function restRows(token: string, list: keyof typeof SYNCED) {
      const rows = new Map<string, unknown>();
      let answer = await api.call("GET", `${SYNCED[list]}?limit=200`, { token });
      for (;;) {
        for (const row of answer.body.data) rows.set(row.id, row);
        if (!answer.body.meta.next_cursor) return rows;
        answer = await api.call("GET", `${SYNCED[list]}?limit=200&cursor=${answer.body.meta.next_cursor}`, { token });
      }
    }

    async function copyRows(file: string, list: string) {
      const SQL = await initSqlJs();
      const db = new SQL.Database(readFileSync(file));
      const result = db.exec("SELECT id, body FROM rows WHERE list = ?", [list])[0];
      db.close();
      return new Map((result?.values ?? []).map(([id, body]) => [id as string, JSON.parse(body as string)]));
    }

    async function expectSyncExample(command: string, args: string[]) {
      const { writer, ids, write } = await syncWorkspace();
      const file = path.join(workDir, `copy-${Math.random().toString(36).slice(2)}.sqlite`);
      const runSync = async () => {
        const { stdout } = await run(command, args, {
          cwd: ROOT,
          env: { ...process.env, PFA_BASE_URL: baseUrl, PFA_TOKEN: writer, PFA_SYNC_DB: file },
          timeout: 60_000,
        }).catch((error: { stdout?: string; stderr?: string }) => {
          throw new Error(`${command} ${args.join(" ")} failed:\n${error.stdout ?? ""}\n${error.stderr ?? ""}`);
        });
        return Object.fromEntries(
          stdout
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as Step)
            .map((step) => [step.step, step]),
        );
      };
      const expectCopyEqualsRest = async () => {
        for (const list of Object.keys(SYNCED) as Array<keyof typeof SYNCED>) {
          expect(await copyRows(file, list), list).toEqual(await restRows(writer, list));
        }
      };

      const first = await runSync();
      expect(first.transactions).toEqual({ step: "transactions", rows: 3, mode: "full" });
      expect(first.accounts).toEqual({ step: "accounts", rows: 1, mode: "full" });
      await expectCopyEqualsRest();

      const [added] = await write([{ amount: "-4.00", description: "Neu" }]);
      const patched = await api.call("PATCH", SYNCED.transactions, {
        token: writer,
        headers: { "idempotency-key": `sync-example-${Math.random()}` },
        body: { transactions: [{ id: ids[0], description: "Kiosk am Markt" }] },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      const deleted = await api.call("DELETE", `${SYNCED.transactions}/${ids[1]}`, {
        token: writer,
        headers: { "idempotency-key": `sync-example-${Math.random()}` },
      });
      expect(deleted.status).toBe(200);

      const second = await runSync();
      expect(second.transactions).toMatchObject({ mode: "delta", rows: 3, deleted: 1 });
      expect(second.transactions!.changed).toBeGreaterThanOrEqual(2);
      // The account's balance and the category's counts moved with the transactions.
      expect(second.accounts).toMatchObject({ mode: "delta", rows: 1 });
      expect(second.accounts!.changed).toBeGreaterThanOrEqual(1);
      expect(second.categories!.changed).toBeGreaterThanOrEqual(1);
      expect((await copyRows(file, "transactions")).has(added!)).toBe(true);
      await expectCopyEqualsRest();
    }

    it("Python: requests and sqlite3 keep a copy equal to the lists, full once and then by since", async () => {
      await expectSyncExample("python3", [path.join(CLIENTS, "python", "sync.py")]);
    });

    it("TypeScript: openapi-fetch and sql.js keep a copy equal to the lists, full once and then by since", async () => {
      await expectSyncExample(process.execPath, ["--import", "tsx", path.join(CLIENTS, "typescript", "sync.ts")]);
    });
  });
});
