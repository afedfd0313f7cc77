import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { createRule, createRulesWorkspaces, REWE, RULES, type Workspace } from "./categorisation-rules-testing";

/** Categorisation rules over REST, the rules themselves: created, read, changed, moved, deleted, and refused. */

const api = createClient(inject("baseUrl"));

let mine: Workspace;
let theirs: Workspace;
let readOnly: string;
let noRules: string;

beforeAll(async () => {
  ({ mine, theirs, readOnly, noRules } = await createRulesWorkspaces());
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
});
