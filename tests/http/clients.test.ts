import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateApiTypes } from "../clients/typescript/generate-types";
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
  workDir = mkdtempSync(path.join(tmpdir(), "pfa-clients-"));
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
  it("TypeScript: types from the served document pass tsc --strict, and openapi-fetch runs every step", async () => {
    const document = await fetch(`${baseUrl}/api/v1/openapi.json`);
    expect(document.status).toBe(200);
    const types = path.join(workDir, "api.ts");
    writeFileSync(types, await generateApiTypes(await document.json()));
    const tsconfig = path.join(workDir, "tsconfig.json");
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(CLIENTS, "tsconfig.json"),
        compilerOptions: { paths: { "generated/api": [types.replace(/\.ts$/, "")] } },
        include: [path.join(CLIENTS, "typescript", "*.ts")],
      }),
    );
    const tsc = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");
    await run(process.execPath, [tsc, "-p", tsconfig, "--strict", "--pretty", "false"], { cwd: ROOT }).catch(
      (error: { stdout?: string }) => {
        throw new Error(`tsc --strict found type errors in tests/clients/typescript:\n${error.stdout}`);
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
});
