import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient, randomIp } from "./client";

/** Statements of accounts the service does not know yet: an account's IBAN set over REST, or the upload's override. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

const FILE_IBAN = "DE89370400440532013000";
const OTHER_IBAN = "GB82WEST12345698765432";
const MT940 = [
  ":20:STARTUMS",
  `:25:${FILE_IBAN}`,
  ":28C:00001/001",
  ":60F:C260301EUR1000,00",
  ":61:2603020302D12,30NTRFNONREF",
  ":86:REWE SAGT DANKE 4711",
  ":62F:C260302EUR987,70",
  "-",
  "",
].join("\r\n");

let session: string;
let token: string;
let accountId: string;

const key = () => ({ "idempotency-key": `accounts-${randomUUID()}` });

async function upload(parseOptions?: unknown, idempotencyKey = key()) {
  const form = new FormData();
  form.set("account_id", accountId);
  form.set("file", new Blob([MT940]), "statement.sta");
  if (parseOptions) form.set("parse_options", JSON.stringify(parseOptions));
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...idempotencyKey, "x-forwarded-for": randomIp() },
    body: form,
  });
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed"),
    body: await response.json(),
  };
}

const patch = (body: unknown, options: { token?: string; id?: string; headers?: Record<string, string> } = {}) =>
  api.call("PATCH", `/api/v1/programmatic/accounts/${options.id ?? accountId}`, {
    token: options.token ?? token,
    headers: options.headers ?? key(),
    body,
  });

beforeAll(async () => {
  session = (await api.signUp()).sessionToken;
  token = (await api.createToken(session, ["imports:create", "imports:read", "accounts:write", "transactions:read"]))
    .token;
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name: "Giro",
      accounts: [{ currency_code: "EUR", opening_balance: "1000.00", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  accountId = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data[0].id;
});

describe("an account's bank details", () => {
  it("are set over REST (IBAN compacted, BIC upper-cased), validated, and refused for tokens or accounts that are not allowed", async () => {
    const set = await patch({ iban: "gb82 west 1234 5698 7654 32", bic: "westgb2l" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({
      type: "accounts",
      id: accountId,
      attributes: { iban: OTHER_IBAN, bic: "WESTGB2L" },
    });

    const wrongDigits = await patch({ iban: "DE89370400440532013001" });
    expect(wrongDigits.status).toBe(400);
    expect(wrongDigits.body.message).toMatch(/iban: is not a valid IBAN/);
    expect((await patch({})).status).toBe(400);
    expect((await patch({ iban: OTHER_IBAN, owner: "me" })).body.message).toMatch(/owner/);
    expect((await patch({ iban: OTHER_IBAN }, { id: randomUUID() })).status).toBe(404);
    const reader = (await api.createToken(session, ["imports:read"])).token;
    expect((await patch({ iban: OTHER_IBAN }, { token: reader })).status).toBe(403);
    expect((await patch({ iban: OTHER_IBAN }, { headers: {} })).body.code).toBe("IDEMPOTENCY_KEY_INVALID");
  });
});

describe("the accounts list", () => {
  it("is granted by accounts:read as by transactions:read, and nothing else with it", async () => {
    const accountsOnly = (await api.createToken(session, ["accounts:read"])).token;
    const list = await api.call("GET", "/api/v1/programmatic/accounts", { token: accountsOnly });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row: any) => row.id)).toEqual([accountId]);
    const transactions = await api.call("GET", "/api/v1/programmatic/transactions", { token: accountsOnly });
    expect(transactions.status).toBe(403);
    const neither = (await api.createToken(session, ["rules:read"])).token;
    const refused = await api.call("GET", "/api/v1/programmatic/accounts", { token: neither });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This token lacks the scope transactions:read (or accounts:read).");
  });
});

describe("a statement of an account the service does not know yet", () => {
  it("is refused with the way through, read with accept_other_account (recorded), and read once the IBAN is the account's", async () => {
    await patch({ iban: OTHER_IBAN });
    const refused = await upload();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`statement of account ${FILE_IBAN}`);
    expect(refused.body.message).toContain("accept_other_account");

    const accepted = await upload({ accept_other_account: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.data.attributes.parse_options).toMatchObject({
      accept_other_account: true,
      other_account: FILE_IBAN,
    });
    expect(accepted.body.data.attributes.preview.map((row: any) => [row.date, row.amount])).toEqual([
      ["2026-03-02", "-12.30"],
    ]);

    await patch({ iban: FILE_IBAN });
    const known = await upload();
    expect(known.status, JSON.stringify(known.body)).toBe(201);
    expect(known.body.data.attributes.parse_options.other_account).toBeUndefined();
  });
});

describe("a retry of a completed upload", () => {
  it("is answered from its record before the file is read again: a change to the account since does not refuse it", async () => {
    await patch({ iban: FILE_IBAN });
    const retried = key();
    const first = await upload(undefined, retried);
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    // Read now, the file would be refused: it names an account that is no longer this one's.
    await patch({ iban: OTHER_IBAN });
    expect((await upload()).status).toBe(400);

    const replay = await upload(undefined, retried);
    expect([replay.status, replay.replayed]).toEqual([201, "true"]);
    expect(replay.body).toEqual(first.body);
  });
});
