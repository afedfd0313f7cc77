import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import {
  application,
  confirm,
  createRule,
  createRulesWorkspaces,
  key,
  REWE,
  RULES,
  transactions,
  upload,
  type Workspace,
} from "./categorisation-rules-testing";

/** Categorisation rules at work over REST: applied to history and undone, suggestions, and the preview's sources. */

const api = createClient(inject("baseUrl"));

let mine: Workspace;
let theirs: Workspace;
let readOnly: string;
/** What the March statement's rows were booked with (a default category's name or alias found in the text). */
let marchCategory: Map<string, string | null>;

beforeAll(async () => {
  ({ mine, theirs, readOnly, marchCategory } = await createRulesWorkspaces());
  // The one rule these tests see at work: REWE's rows to groceries, with REWE as their counterparty.
  const rewe = await createRule(mine, {
    name: "REWE",
    conditions: REWE,
    category_id: mine.groceries,
    set_counterparty: "REWE",
  });
  expect(rewe.status, JSON.stringify(rewe.body)).toBe(201);
});

describe("categorisation rules", () => {
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
    // Money as the API writes it everywhere: the currency's places (not the column's four) and its code.
    expect(dry.body.data.attributes.changes.map((change: any) => [change.amount, change.currency_code])).toEqual([
      ["-23.10", "EUR"],
      ["-41.75", "EUR"],
    ]);
    const matches = await api.call("POST", `${RULES}/matches`, { token: mine.token, body: { conditions: REWE } });
    expect(matches.body.data.attributes.examples.map((row: any) => [row.amount, row.currency_code])).toEqual([
      ["-41.75", "EUR"],
      ["-23.10", "EUR"],
    ]);
    expect(await transactions(mine)).toEqual(before);
    // Year 0000 was a 500 from the database; 0001 bounds nothing out.
    const zero = await api.call("POST", `${RULES}/apply`, { token: mine.token, body: { from: "0000-01-01" } });
    expect([zero.status, zero.body.issues?.[0]?.path]).toEqual([400, ["from"]]);
    const early = await api.call("POST", `${RULES}/apply`, { token: mine.token, body: { from: "0001-01-01" } });
    expect(early.body.data.attributes.change_count).toBe(2);

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
