import { beforeAll, describe, expect, inject, it } from "vitest";
import { ALL_SCOPES, createClient } from "./client";
import { query, sharedServerDatabase } from "./postgres";

const api = createClient(inject("baseUrl"));
const databaseUrl = sharedServerDatabase();

let token: string;

function berlinToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

function lastDayOfMonth(day: string): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  const session = await api.signIn("demo@example.com", "demo-password-1234");
  token = (await api.createToken(session, ALL_SCOPES)).token;
});

describe("goals on the demo workspace", () => {
  it("lists active goals by default and every goal with status=all", async () => {
    const active = await api.call("GET", "/api/v1/programmatic/goals", { token });
    expect(active.body.data.map((goal: any) => goal.attributes.name).sort()).toEqual(["Emergency fund", "New laptop"]);
    const all = await api.call("GET", "/api/v1/programmatic/goals?status=all", { token });
    const statuses = Object.fromEntries(
      all.body.data.map((goal: any) => [goal.attributes.name, goal.attributes.status]),
    );
    expect(statuses).toEqual({
      "Emergency fund": "active",
      "New laptop": "active",
      "Lisbon trip": "achieved",
      Motorbike: "abandoned",
    });
  });

  it("computes pace: the laptop fund is behind, the emergency fund on track with its linked wallet's balance", async () => {
    const goals = (await api.call("GET", "/api/v1/programmatic/goals?status=all", { token })).body.data;
    const byName = (name: string) => goals.find((goal: any) => goal.attributes.name === name).attributes;

    const laptop = byName("New laptop");
    expect(laptop).toMatchObject({
      current_saved: "350.00",
      target_amount: "2400.00",
      monthly_pace: "100.00",
      pace: "behind",
      on_track: false,
    });
    const months = laptop.pace_detail.months_remaining;
    expect(laptop.pace_detail.remaining_amount).toBe("2050.00");
    expect(Number(laptop.pace_detail.required_monthly)).toBeCloseTo(2050 / months, 2);

    const emergency = byName("Emergency fund");
    expect(emergency.on_track).toBe(true);
    const required = Number(emergency.pace_detail.required_monthly);
    const pace = Number(emergency.monthly_pace);
    expect(emergency.pace).toBe(pace >= required * 1.1 ? "ahead" : "on_track");
    const savings = (await api.call("GET", "/api/v1/programmatic/wallets", { token })).body.data.find(
      (wallet: any) => wallet.attributes.name === "Savings",
    );
    expect(emergency.current_saved).toBe(savings.attributes.total_balance);

    expect(byName("Lisbon trip")).toMatchObject({ pace: "achieved", on_track: true, overdue: false });
  });
});

describe("budgets on the demo workspace", () => {
  async function groceries(periodDate?: string) {
    const list = await api.call("GET", "/api/v1/programmatic/budgets", { token });
    const id = list.body.data.find((budget: any) => budget.attributes.name === "Groceries").id;
    const response = await api.call(
      "GET",
      `/api/v1/programmatic/budgets/${id}${periodDate ? `?period_date=${periodDate}` : ""}`,
      { token },
    );
    expect(response.status).toBe(200);
    return response.body.data.attributes;
  }

  it("selects the month of period_date, in the workspace's calendar, and carries the previous month over", async () => {
    const today = berlinToday();
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const endOfPrevious = dayBefore(firstOfMonth);

    const current = await groceries();
    expect(current.current_period).toMatchObject({
      period_start: firstOfMonth,
      period_end: lastDayOfMonth(today),
      period_date: today,
    });
    const startOfThis = await groceries(firstOfMonth);
    expect(startOfThis.current_period).toMatchObject({ period_start: firstOfMonth, period_date: firstOfMonth });
    const previous = await groceries(endOfPrevious);
    expect(previous.current_period).toMatchObject({
      period_start: `${endOfPrevious.slice(0, 7)}-01`,
      period_end: endOfPrevious,
      days_elapsed: previous.current_period.days_total,
    });

    expect(current.rollover_strategy).toBe("carry");
    expect(current.current_period.rollover_in).toBe(previous.current_period.remaining);
    const available = Number(current.current_period.budgeted) + Number(current.current_period.rollover_in);
    expect(Number(current.current_period.available)).toBeCloseTo(available, 2);
    expect(Number(current.current_period.remaining)).toBeCloseTo(available - Number(current.current_period.spent), 2);
    const spent = Number(current.current_period.spent);
    const expected = Number(current.current_period.expected_spend_to_date);
    expect(current.current_period.status).toBe(
      spent > available ? "over" : spent > expected * 1.1 ? "at_risk" : "on_track",
    );
  });

  it("counts the categories' spending of the period, computed independently", async (context) => {
    if (!databaseUrl) context.skip("needs direct database access (PostgreSQL run)");
    const today = berlinToday();
    const endOfPrevious = dayBefore(`${today.slice(0, 7)}-01`);
    const previous = await groceries(endOfPrevious);
    const [computed] = await query(
      databaseUrl,
      `SELECT COALESCE(-SUM(t.amount), 0)::numeric(20,2)::text AS spent FROM transactions t
        WHERE t.category_id = ANY($1::uuid[]) AND t.type = 'expense' AND t.date BETWEEN $2::date AND $3::date
          AND t.currency_id = (SELECT id FROM currencies WHERE code = 'EUR')`,
      [previous.category_ids, previous.current_period.period_start, previous.current_period.period_end],
    );
    expect(previous.current_period.spent).toBe(computed.spent);
  });

  it("answers 400 for a malformed period_date", async () => {
    const list = await api.call("GET", "/api/v1/programmatic/budgets", { token });
    const id = list.body.data[0].id;
    const response = await api.call("GET", `/api/v1/programmatic/budgets/${id}?period_date=2026-02-30`, { token });
    expect([response.status, response.body.code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(response.body.message).toContain("period_date");
  });
});

describe("recurring rules on the demo workspace", () => {
  it("has rules in every status and kind, filters them, and gives active ones a next occurrence from today on", async () => {
    const all = (await api.call("GET", "/api/v1/programmatic/recurring-rules?limit=200", { token })).body.data;
    expect(new Set(all.map((rule: any) => rule.status))).toEqual(new Set(["active", "paused", "ended"]));
    expect(new Set(all.map((rule: any) => rule.kind))).toEqual(new Set(["rule", "subscription"]));
    const today = berlinToday();
    for (const rule of all) {
      if (rule.status === "active" && (!rule.end_date || rule.end_date >= today))
        expect(rule.next_occurrence_date >= today).toBe(true);
      if (rule.status !== "active") expect(rule.next_occurrence_date).toBeNull();
    }
    const paused = (
      await api.call("GET", "/api/v1/programmatic/recurring-rules?status=paused&kind=subscription", { token })
    ).body;
    expect(paused.data.length).toBe(paused.meta.total);
    expect(paused.data.every((rule: any) => rule.status === "paused" && rule.kind === "subscription")).toBe(true);
  });
});
