import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient, randomIp } from "./client";

/** Categorisation rules over REST: the rules, their application to history and its undo, suggestions, the preview's sources. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);

interface Workspace {
  session: string;
  token: string;
  accountId: string;
  groceries: string;
  rent: string;
}

let mine: Workspace;
let theirs: Workspace;
let readOnly: string;
/** What the March statement's rows were booked with (a default category's name or alias found in the text). */
let marchCategory: Map<string, string | null>;
let noRules: string;

const RULES = "/api/v1/programmatic/categorisation-rules";
const key = () => ({ "idempotency-key": `rules-${randomUUID()}` });

async function trpc(session: string, path: string, body: unknown) {
  const response = await api.call("POST", `/api/trpc/${path}`, { token: session, body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result.data;
}

async function workspace(): Promise<Workspace> {
  const user = await api.signUp();
  const session = user.sessionToken;
  const token = (await api.createToken(session, ALL_SCOPES)).token;
  const wallet = await trpc(session, "manage.wallets.create", {
    name: "Girokonto",
    accounts: [{ currency_code: "EUR", opening_balance: "1000.00", opening_balance_date: "2026-01-01" }],
  });
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts?limit=200", { token })).body.data;
  const accountId = accounts.find((row: any) => row.attributes.wallet_id === wallet.id).id;
  const category = async (name: string) =>
    (await trpc(session, "manage.categories.create", { name, group_id: null, icon_name: null, aliases: [] })).id;
  return { session, token, accountId, groceries: await category("Lebensmittel"), rent: await category("Miete") };
}

async function upload(who: Workspace, rows: string[]) {
  const form = new FormData();
  form.set("account_id", who.accountId);
  form.set(
    "file",
    new Blob([["Buchungstag;Empfänger;Verwendungszweck;Betrag", ...rows, ""].join("\n")]),
    "umsaetze.csv",
  );
  const response = await fetch(`${baseUrl}/api/v1/programmatic/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, ...key(), "x-forwarded-for": randomIp() },
    body: form,
  });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out waiting");
}

async function confirm(who: Workspace, importId: string) {
  const response = await api.call("POST", `/api/v1/programmatic/imports/${importId}/confirm`, {
    token: who.token,
    headers: key(),
    body: { skip_duplicates: true },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  await until(
    () => api.call("GET", `/api/v1/programmatic/imports/${importId}`, { token: who.token }),
    (read) => read.body.data.attributes.status === "completed",
  );
}

async function transactions(who: Workspace) {
  const response = await api.call("GET", "/api/v1/programmatic/transactions?limit=200", { token: who.token });
  return (response.body.data as any[])
    .map((row) => [row.description, row.category_id, row.counterparty])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
}

const createRule = (who: Workspace, body: unknown, token = who.token) =>
  api.call("POST", RULES, { token, headers: key(), body });

const application = (who: Workspace, id: string) =>
  until(
    () => api.call("GET", `/api/v1/programmatic/categorisation-rule-applications/${id}`, { token: who.token }),
    (read) => !["queued", "running", "undoing"].includes(read.body.data.attributes.status),
  );

const REWE = { description: { operator: "contains", value: "rewe" } };

beforeAll(async () => {
  [mine, theirs] = await Promise.all([workspace(), workspace()]);
  readOnly = (await api.createToken(mine.session, ["rules:read"])).token;
  noRules = (await api.createToken(mine.session, ["transactions:read", "imports:create"])).token;
  const march = await upload(mine, [
    "03.03.2026;REWE Markt GmbH;REWE SAGT DANKE 4711 KOELN;-23,10",
    "10.03.2026;REWE Markt GmbH;REWE SAGT DANKE 4712 KOELN;-41,75",
    "15.03.2026;Hausverwaltung;Dauerauftrag Miete;-900,00",
    "20.03.2026;Kiosk am Eck;Zeitung;-2,50",
  ]);
  await confirm(mine, march.id);
  marchCategory = new Map((await transactions(mine)).map((row) => [row[0], row[1]]));
});

describe("categorisation rules", () => {
  it("are created, read, changed, moved and deleted, in order", async () => {
    const created = await createRule(mine, { conditions: REWE, category_id: mine.groceries, set_counterparty: "REWE" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      type: "categorisation_rules",
      attributes: {
        name: "description contains “rewe”",
        position: 1,
        enabled: true,
        category_id: mine.groceries,
        set_counterparty: "REWE",
        conditions: { description: { operator: "contains", value: "rewe" }, counterparty: null, amount: null },
      },
    });
    const second = await createRule(mine, {
      name: "Rent",
      conditions: { description: { operator: "regex", value: "^dauerauftrag\\s+miete" }, amount: { min: "500" } },
      category_id: mine.rent,
      position: 1,
    });
    expect(second.status).toBe(201);
    const list = await api.call("GET", RULES, { token: readOnly });
    expect(list.status).toBe(200);
    expect(list.body.data.map((rule: any) => [rule.attributes.position, rule.attributes.name])).toEqual([
      [1, "Rent"],
      [2, "description contains “rewe”"],
    ]);
    expect(list.body.meta).toMatchObject({ pagination: "page", total: 2 });

    const moved = await api.call("PATCH", `${RULES}/${created.body.data.id}`, {
      token: mine.token,
      body: { position: 1, name: "REWE" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.attributes).toMatchObject({ position: 1, name: "REWE" });
    const got = await api.call("GET", `${RULES}/${second.body.data.id}`, { token: readOnly });
    expect(got.body.data.attributes.position).toBe(2);

    const gone = await api.call("DELETE", `${RULES}/${second.body.data.id}`, { token: mine.token });
    expect(gone.status).toBe(204);
    expect((await api.call("GET", `${RULES}/${second.body.data.id}`, { token: readOnly })).status).toBe(404);
  });

  it("refuse bad rules with 400 naming the field, other workspaces' ids with 404, and tokens without the scope with 403", async () => {
    const refused = async (body: unknown, status: number, field?: RegExp) => {
      const response = await createRule(mine, body);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      if (field) expect(response.body.message).toMatch(field);
      return response;
    };
    await refused({ conditions: {}, category_id: mine.groceries }, 400, /conditions/);
    await refused(
      { conditions: { description: { operator: "regex", value: "(a+)+(?=b)" } }, category_id: mine.groceries },
      400,
      /conditions\.description\.value/,
    );
    await refused(
      { conditions: { description: { operator: "regex", value: "a".repeat(201) } }, category_id: mine.groceries },
      400,
      /conditions\.description\.value/,
    );
    await refused(
      { conditions: { amount: { min: "50", max: "10" } }, category_id: mine.groceries },
      400,
      /conditions\.amount\.max/,
    );
    await refused({ conditions: REWE, category_id: mine.groceries, colour: "red" }, 400, /colour/);
    await refused({ conditions: REWE, category_id: theirs.groceries }, 404, /category_id/);
    // Half a surrogate pair travels in JSON but no database text can hold it: 400, not 500.
    await refused(
      { conditions: { description: { operator: "contains", value: "caf\ud800" } }, category_id: mine.groceries },
      400,
      /conditions\.description\.value: must be valid Unicode text/,
    );
    await refused(
      { conditions: { description: { operator: "regex", value: ".{0,1000}x" } }, category_id: mine.groceries },
      400,
      /conditions\.description\.value: is too complex/,
    );
    const theirRule = await createRule(theirs, { conditions: REWE, category_id: theirs.groceries });
    expect((await api.call("GET", `${RULES}/${theirRule.body.data.id}`, { token: mine.token })).status).toBe(404);
    expect((await api.call("DELETE", `${RULES}/${theirRule.body.data.id}`, { token: mine.token })).status).toBe(404);
    expect((await createRule(mine, { conditions: REWE, category_id: mine.groceries }, readOnly)).status).toBe(403);
    expect((await api.call("GET", RULES, { token: noRules })).status).toBe(403);
    const missingKey = await api.call("POST", RULES, {
      token: mine.token,
      body: { conditions: REWE, category_id: mine.groceries },
    });
    expect(missingKey.status).toBe(400);
    expect(missingKey.body.code).toBe("IDEMPOTENCY_KEY_INVALID");
  });

  it("are applied to history after a dry run that changes nothing, and one undo restores exactly", async () => {
    const before = await transactions(mine);
    const dry = await api.call("POST", `${RULES}/apply`, { token: mine.token, body: {} });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data).toMatchObject({
      type: "rule_application_previews",
      id: null,
      attributes: { change_count: 2 },
    });
    expect(
      dry.body.data.attributes.changes.map((change: any) => [
        change.from_category_id,
        change.to_category_id,
        change.to_counterparty,
      ]),
    ).toEqual([
      [null, mine.groceries, "REWE"],
      [null, mine.groceries, "REWE"],
    ]);
    expect(await transactions(mine)).toEqual(before);

    const unkeyed = await api.call("POST", `${RULES}/apply`, { token: mine.token, body: { dry_run: false } });
    expect(unkeyed.status).toBe(400);
    expect(unkeyed.body.code).toBe("IDEMPOTENCY_KEY_INVALID");
    const started = await api.call("POST", `${RULES}/apply`, {
      token: mine.token,
      headers: key(),
      body: { dry_run: false },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const done = await application(mine, started.body.data.id);
    expect(done.body.data.attributes).toMatchObject({
      status: "completed",
      changed_count: 2,
      only_uncategorised: true,
    });
    expect((await transactions(mine)).filter((row) => row[1] === mine.groceries).map((row) => row[2])).toEqual([
      "REWE",
      "REWE",
    ]);

    const theirView = await api.call(
      "GET",
      `/api/v1/programmatic/categorisation-rule-applications/${started.body.data.id}`,
      { token: theirs.token },
    );
    expect(theirView.status).toBe(404);
    const undo = await api.call(
      "POST",
      `/api/v1/programmatic/categorisation-rule-applications/${started.body.data.id}/undo`,
      { token: mine.token, headers: key() },
    );
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const undone = await application(mine, started.body.data.id);
    expect(undone.body.data.attributes).toMatchObject({ status: "undone", restored_count: 2, kept_count: 0 });
    expect(await transactions(mine)).toEqual(before);
    const again = await api.call(
      "POST",
      `/api/v1/programmatic/categorisation-rule-applications/${started.body.data.id}/undo`,
      { token: mine.token, headers: key() },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("RULE_APPLICATION_CONFLICT");
  });

  it("suggest categories with their source for transactions and for free items", async () => {
    const items = await api.call("POST", "/api/v1/programmatic/transactions/suggest-categories", {
      token: readOnly,
      body: {
        items: [
          { description: "REWE SAGT DANKE 9999", amount: "-5.00" },
          { description: "Dauerauftrag Miete", counterparty: "Hausverwaltung", amount: "-900.00" },
        ],
      },
    });
    expect(items.status, JSON.stringify(items.body)).toBe(200);
    // The rent was filed at import by a default category's alias; the person's history now says the same.
    const rent = marchCategory.get("Dauerauftrag Miete");
    expect(rent).toEqual(expect.any(String));
    expect(items.body.data.map((row: any) => [row.index, row.category_id, row.category_source])).toEqual([
      [0, mine.groceries, "rule"],
      [1, rent, "learned"],
    ]);
    expect(items.body.data[0]).toMatchObject({
      category_confidence: 1,
      category_reason: "rule “REWE”",
      counterparty: "REWE",
    });
    expect(items.body.data[1].category_reason).toMatch(/earlier transaction/);
    const theirTransactions = await api.call("GET", "/api/v1/programmatic/transactions?limit=1", {
      token: theirs.token,
    });
    const foreign = await api.call("POST", "/api/v1/programmatic/transactions/suggest-categories", {
      token: readOnly,
      body: { transaction_ids: [theirTransactions.body.data[0]?.id ?? randomUUID()] },
    });
    expect(foreign.status).toBe(404);
    const both = await api.call("POST", "/api/v1/programmatic/transactions/suggest-categories", {
      token: readOnly,
      body: { items: [{ description: "x", amount: "1" }], transaction_ids: [randomUUID()] },
    });
    expect(both.status).toBe(400);
  });

  it("put where each category comes from on the next statement's preview, and book the person's own choice", async () => {
    const nextMonth = await upload(mine, [
      "02.04.2026;REWE Markt GmbH;REWE SAGT DANKE 5123 KOELN;-18,20",
      "15.04.2026;Hausverwaltung;Dauerauftrag Miete;-900,00",
      "21.04.2026;Kiosk am Eck;Zeitung;-2,50",
    ]);
    const preview = nextMonth.attributes.preview.map((row: any) => [
      row.row,
      row.category_id,
      row.category_source,
      row.counterparty,
    ]);
    const zeitung = marchCategory.get("Zeitung") ?? null;
    expect(preview).toEqual([
      [1, mine.groceries, "rule", "REWE"],
      [2, marchCategory.get("Dauerauftrag Miete"), "learned", "Hausverwaltung"],
      [3, zeitung, zeitung ? "learned" : null, "Kiosk am Eck"],
    ]);
    expect(nextMonth.attributes.preview[0].category_reason).toBe("rule “REWE”");
    const chosen = await api.call("PATCH", `/api/v1/programmatic/imports/${nextMonth.id}/preview`, {
      token: mine.token,
      body: { rows: [{ row: 3, category_id: mine.groceries }] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data.attributes.changed_rows).toBe(1);
    const foreign = await api.call("PATCH", `/api/v1/programmatic/imports/${nextMonth.id}/preview`, {
      token: theirs.token,
      body: { rows: [{ row: 3, category_id: theirs.groceries }] },
    });
    expect(foreign.status).toBe(404);
    await confirm(mine, nextMonth.id);
    const april = (
      await api.call("GET", "/api/v1/programmatic/transactions?limit=200", { token: mine.token })
    ).body.data
      .filter((row: any) => row.date >= "2026-04-01")
      .map((row: any) => [row.description, row.category_id])
      .sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!));
    expect(april).toEqual([
      ["Dauerauftrag Miete", marchCategory.get("Dauerauftrag Miete")],
      ["REWE SAGT DANKE 5123 KOELN", mine.groceries],
      ["Zeitung", mine.groceries],
    ]);
  });
});
