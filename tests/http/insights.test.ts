import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";

const api = createClient(inject("baseUrl"));

let token: string;
let period: string;

function berlinMonth(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date()).slice(0, 7);
}

const insightsPath = (query: string) => `/api/v1/programmatic/insights?${query}`;

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
  period = berlinMonth();
});

describe("GET /api/v1/programmatic/insights", () => {
  it("answers the flat insights of the month with generated_at and next_refresh_at an hour later", async () => {
    const response = await api.call("GET", insightsPath(`period=${period}`), { token });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["generated_at", "insights", "next_refresh_at"]);
    const { insights, generated_at, next_refresh_at } = response.body;
    expect(Date.parse(next_refresh_at) - Date.parse(generated_at)).toBe(60 * 60 * 1000);
    expect(insights.length).toBeGreaterThan(0);
    for (const insight of insights) {
      expect(Object.keys(insight).sort()).toEqual([
        "associated_transaction_id",
        "entity_id",
        "id",
        "payload",
        "priority",
        "triggered_at",
        "type",
      ]);
      expect(insight.id.startsWith(`${insight.type}:${period}`)).toBe(true);
      expect(["high", "medium", "low"]).toContain(insight.priority);
      expect(insight.triggered_at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    }
    // The demo's laptop fund is behind its pace.
    expect(
      insights.some((insight: any) => insight.type === "goal_off_track" && insight.payload.name === "New laptop"),
    ).toBe(true);
  });

  it("gives the same ids for the same facts", async () => {
    const first = await api.call("GET", insightsPath(`period=${period}`), { token });
    const second = await api.call("GET", insightsPath(`period=${period}`), { token });
    expect(second.body.insights.map((insight: any) => insight.id)).toEqual(
      first.body.insights.map((insight: any) => insight.id),
    );
    expect(second.body.generated_at).toBe(first.body.generated_at);
  });

  it("takes account_ids as a repeated parameter; another workspace's ids match no transaction", async () => {
    const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
    const one = await api.call("GET", insightsPath(`period=${period}&account_ids=${accounts[0].id}`), { token });
    expect(one.status).toBe(200);
    const two = await api.call(
      "GET",
      insightsPath(`period=${period}&account_ids=${accounts[0].id}&account_ids=${accounts[1].id}`),
      { token },
    );
    expect(two.status).toBe(200);
    const foreign = await api.call("GET", insightsPath(`period=${period}&account_ids=${randomUUID()}`), { token });
    expect(foreign.status).toBe(200);
    const transactionTypes = ["anomaly", "spending_spike", "income_drop", "uncategorized_backlog", "upcoming_bill"];
    expect(foreign.body.insights.filter((insight: any) => transactionTypes.includes(insight.type))).toEqual([]);
  });

  it("rejects more than 100 account_ids naming account_ids", async () => {
    const query = Array.from({ length: 101 }, () => `account_ids=${randomUUID()}`).join("&");
    const response = await api.call("GET", insightsPath(`period=${period}&${query}`), { token });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_FAILED");
    expect(response.body.message).toContain("account_ids");
    const hundred = Array.from({ length: 100 }, () => `account_ids=${randomUUID()}`).join("&");
    expect((await api.call("GET", insightsPath(`period=${period}&${hundred}`), { token })).status).toBe(200);
  });

  it("requires a valid period", async () => {
    for (const query of ["", "period=2026-13", "period=October", "period=2026-10-01"]) {
      const response = await api.call("GET", insightsPath(query), { token });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(response.body.message).toContain("period");
    }
  });

  it("needs the insights:read scope", async () => {
    const session = await api.signIn("demo@example.com", "demo-password-1234");
    const narrow = (await api.createToken(session, ["transactions:read"])).token;
    const response = await api.call("GET", insightsPath(`period=${period}`), { token: narrow });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("INSUFFICIENT_SCOPE");
    const byId = await api.call("GET", `/api/v1/programmatic/insights/income_drop:${period}`, { token: narrow });
    expect(byId.status).toBe(403);
  });
});

describe("GET /api/v1/programmatic/insights/{id}", () => {
  it("returns a listed insight by its id", async () => {
    const listed = (await api.call("GET", insightsPath(`period=${period}`), { token })).body.insights;
    for (const insight of listed.slice(0, 3)) {
      // Colons as they are, or percent-encoded as encodeURIComponent writes them.
      for (const path of [insight.id, encodeURIComponent(insight.id)]) {
        const response = await api.call("GET", `/api/v1/programmatic/insights/${path}`, { token });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ data: insight });
      }
    }
  });

  it("answers 404 for unknown and malformed ids, 400 for ids over 300 characters", async () => {
    for (const id of [`anomaly:${period}:${randomUUID()}`, "not-an-insight", "anomaly:2026-13:x"]) {
      const response = await api.call("GET", `/api/v1/programmatic/insights/${encodeURIComponent(id)}`, { token });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("RESOURCE_NOT_FOUND");
    }
    const long = await api.call("GET", `/api/v1/programmatic/insights/${"a".repeat(301)}`, { token });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain("id");
  });

  it("never shows one workspace's insights to another", async () => {
    const listed = (await api.call("GET", insightsPath(`period=${period}`), { token })).body.insights;
    const stranger = await api.signUp({ timezone: "Europe/Berlin" });
    const strangerToken = (await api.createToken(stranger.sessionToken, ["insights:read"])).token;
    const theirs = await api.call("GET", insightsPath(`period=${period}`), { token: strangerToken });
    expect(theirs.status).toBe(200);
    expect(theirs.body.insights).toEqual([]);
    const response = await api.call("GET", `/api/v1/programmatic/insights/${encodeURIComponent(listed[0].id)}`, {
      token: strangerToken,
    });
    expect(response.status).toBe(404);
  });
});
