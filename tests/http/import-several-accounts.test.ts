import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient, randomIp } from "./client";

/** A statement file of several accounts over REST: each statement's rows booked to its account, account_map, refusals. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

const GIRO_IBAN = "DE44500105175407324931";
const SAVINGS_IBAN = "DE02120300000000202051";
const UNKNOWN_IBAN = "NL91ABNA0417164300";
const statement = (iban: string, lines: string[], closing: string) =>
  [":20:STARTUMS", `:25:${iban}`, ":28C:00001/001", ":60F:C260301EUR0,00", ...lines, `:62F:${closing}`, "-", ""].join(
    "\r\n",
  );
const MT940 = [
  statement(
    GIRO_IBAN,
    [":61:2603020302D12,30NTRFNONREF", ":86:REWE SAGT DANKE 4711", ":61:2603050305C2500,00NTRFNONREF", ":86:Salary"],
    "C260305EUR2487,70",
  ),
  statement(SAVINGS_IBAN, [":61:2603060306C300,00NTRFNONREF", ":86:Standing order"], "C260306EUR300,00"),
  statement(UNKNOWN_IBAN, [":61:2603070307D9,99NTRFNONREF", ":86:Kiosk"], "D260307EUR9,99"),
].join("");

let token: string;
let giro: string;
let savings: string;

const key = () => ({ "idempotency-key": `several-${randomUUID()}` });

async function upload(parseOptions?: unknown, accountId = giro, as = token, idempotencyKey = key()) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([MT940]), "several.sta");
  if (parseOptions) form.set("parse_options", JSON.stringify(parseOptions));
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${as}`, ...idempotencyKey, "x-forwarded-for": randomIp() },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

async function newAccount(session: string, name: string, as: string): Promise<string> {
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name,
      accounts: [{ currency_code: "EUR", opening_balance: "0.00", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token: as })).body.data;
  return accounts.find((account: { attributes: { name: string } }) => account.attributes.name === name).id;
}

const balances = async () => {
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
  return Object.fromEntries(
    accounts.map((account: { id: string; attributes: { current_balance: string } }) => [
      account.id,
      account.attributes.current_balance,
    ]),
  );
};

beforeAll(async () => {
  const session = (await api.signUp()).sessionToken;
  token = (await api.createToken(session, ["imports:create", "imports:read", "accounts:write", "transactions:read"]))
    .token;
  giro = await newAccount(session, "Giro", token);
  savings = await newAccount(session, "Savings", token);
  for (const [id, iban] of [
    [giro, GIRO_IBAN],
    [savings, SAVINGS_IBAN],
  ] as const) {
    const set = await api.call("PATCH", `/api/v1/programmatic/accounts/${id}`, {
      token,
      headers: key(),
      body: { iban },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
});

describe("a statement file of several accounts", () => {
  it("books each statement to the account with its IBAN, leaves the unknown one out with a warning, and says so", async () => {
    const uploaded = await upload();
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const job = uploaded.body.data;
    expect(job.attributes.statements).toEqual([
      {
        account: GIRO_IBAN,
        account_name: null,
        currency_code: "EUR",
        transaction_count: 2,
        account_id: giro,
        matched_by: "import_account",
      },
      {
        account: SAVINGS_IBAN,
        account_name: null,
        currency_code: "EUR",
        transaction_count: 1,
        account_id: savings,
        matched_by: "identifier",
      },
      {
        account: UNKNOWN_IBAN,
        account_name: null,
        currency_code: "EUR",
        transaction_count: 1,
        account_id: null,
        matched_by: null,
      },
    ]);
    expect(job.attributes.warnings).toContain(
      `The statement of ${UNKNOWN_IBAN} (1 transactions) was left out: no account of the workspace has its IBAN or ` +
        "number. Name its account in parse_options.account_map to import it too.",
    );
    expect(
      job.attributes.preview.map((row: { amount: string; account_id: string }) => [row.amount, row.account_id]),
    ).toEqual([
      ["-12.30", giro],
      ["2500.00", giro],
      ["300.00", savings],
    ]);

    const confirm = await api.call("POST", `/api/v1/programmatic/imports/${job.id}/confirm`, {
      token,
      headers: key(),
      body: { skip_duplicates: true },
    });
    expect(confirm.status).toBe(201);
    let attributes: { status: string; imported_count: number } | undefined;
    for (let i = 0; i < 40; i += 1) {
      attributes = (await api.call("GET", `/api/v1/programmatic/imports/${job.id}`, { token })).body.data.attributes;
      if (attributes!.status === "completed" || attributes!.status === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(attributes).toMatchObject({ status: "completed", imported_count: 3 });
    expect(await balances()).toMatchObject({ [giro]: "2487.70", [savings]: "300.00" });

    // Undone: both accounts are back where they were.
    const reverted = await api.call("POST", `/api/v1/programmatic/imports/${job.id}/revert`, {
      token,
      headers: key(),
      body: {},
    });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(201);
    expect(await balances()).toMatchObject({ [giro]: "0.00", [savings]: "0.00" });
  });

  it("reads the file with account_map: a statement sent to a chosen account or left out, echoed for a re-read", async () => {
    // An id in capitals is the same account, and is echoed as the API writes ids.
    const uploaded = await upload({ account_map: { [UNKNOWN_IBAN]: savings.toUpperCase(), [SAVINGS_IBAN]: null } });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { attributes } = uploaded.body.data;
    expect(attributes.parse_options).toMatchObject({
      account_map: { [UNKNOWN_IBAN]: savings, [SAVINGS_IBAN]: null },
      account_map_required: false,
    });
    expect(
      attributes.statements.map((each: { account_id: string | null; matched_by: string }) => each.matched_by),
    ).toEqual(["import_account", "account_map", "account_map"]);
    expect(attributes.preview.map((row: { row: number; account_id: string }) => [row.row, row.account_id])).toEqual([
      [1, giro],
      [2, giro],
      [4, savings],
    ]);
  });

  it("refuses an account_map naming no statement of the file, a value that is no id, and another workspace's account", async () => {
    const unknownStatement = await upload({ account_map: { XX12: savings } });
    expect(unknownStatement.status).toBe(400);
    expect(unknownStatement.body.message).toContain("parse_options.account_map: the file holds no statement of “XX12”");

    for (const strange of ['{"__proto__": null}', '{"": null}']) {
      const form = new FormData();
      form.set("account_id", giro);
      form.set("file", new Blob([MT940]), "several.sta");
      form.set("parse_options", `{"account_map": ${strange}}`);
      const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, ...key(), "x-forwarded-for": randomIp() },
        body: form,
      });
      const body = await response.json();
      expect([response.status, body.code]).toEqual([400, "VALIDATION_FAILED"]);
      expect(body.message).toContain("has a key that is not a statement's account");
    }

    const notAnId = await upload({ account_map: { [UNKNOWN_IBAN]: "savings" } });
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.message).toContain(`parse_options.account_map.${UNKNOWN_IBAN}`);

    const stranger = await api.signUp();
    const strangerToken = (await api.createToken(stranger.sessionToken, ["imports:create", "transactions:read"])).token;
    const theirs = await newAccount(stranger.sessionToken, "Theirs", strangerToken);
    const foreign = await upload({ account_map: { [UNKNOWN_IBAN]: theirs } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({
      code: "RESOURCE_NOT_FOUND",
      message: `parse_options.account_map: no active asset account with id ${theirs} exists in the token's workspace.`,
    });
  });

  it("counts account_map in the request's identity: the same key with another map is refused, with the same one replayed", async () => {
    const sameKey = key();
    const first = await upload({ account_map: { [UNKNOWN_IBAN]: savings } }, giro, token, sameKey);
    expect(first.status).toBe(201);
    const replay = await upload({ account_map: { [UNKNOWN_IBAN]: savings } }, giro, token, sameKey);
    expect([replay.status, replay.body.data.id]).toEqual([201, first.body.data.id]);
    const otherMap = await upload({ account_map: { [UNKNOWN_IBAN]: null } }, giro, token, sameKey);
    expect([otherMap.status, otherMap.body.code]).toEqual([409, "IDEMPOTENCY_KEY_REUSED"]);
  });
});
