import { beforeAll, describe, expect, it } from "vitest";
import { createRestHandler } from "../../http/rest-handler";
import { appRouter } from "../../routers";
import { useTestDatabase } from "../../testing/fixtures";
import { generateToken, hashToken } from "../identity/tokens";
import { dayToDate } from "../time/calendar";
import { createPlanningWorkspace, type PlanningWorkspace } from "./testing";

// Recurring rules, goals and budgets over REST: status codes, envelopes and isolation.
const db = useTestDatabase();
let handle: (request: Request) => Promise<Response>;
let ws: PlanningWorkspace;
let token: string;
let noScopes: string;
const ids = { budget: "", foreignBudget: "" };

async function createCredential(owner: PlanningWorkspace, scopes: string[]) {
  const plain = generateToken("programmatic_api");
  await db.prisma.credential.create({
    data: {
      userId: owner.userId,
      workspaceId: owner.workspace.id,
      name: "test",
      audience: "programmatic_api",
      scopes,
      tokenHash: hashToken(plain),
      tokenPrefix: plain.slice(0, 8),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  return plain;
}

async function get(path: string, bearer = token) {
  const response = await handle(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${bearer}` } }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

beforeAll(async () => {
  ws = await createPlanningWorkspace(db, { timezone: "Europe/Berlin" });
  const other = await createPlanningWorkspace(db, { timezone: "UTC" });
  const [checking] = await ws.wallet("Checking", [{ currency: "EUR" }]);
  const eur = db.currencies.get("EUR")!;
  await db.prisma.recurringRule.create({
    data: {
      workspaceId: ws.workspace.id,
      name: "Rent",
      rawName: "Rent",
      type: "expense",
      amount: "1150",
      currencyId: eur,
      accountId: checking!,
      frequency: "monthly",
      startDate: dayToDate("2024-01-01"),
    },
  });
  await db.prisma.goal.create({
    data: { workspaceId: ws.workspace.id, name: "Bike", rawName: "Bike", currencyId: eur, targetAmount: "1000" },
  });
  const budget = {
    name: "Food",
    currencyId: eur,
    amount: "300",
    baseAmount: "300",
    startDate: dayToDate("2024-01-01"),
  };
  ids.budget = (await db.prisma.budget.create({ data: { workspaceId: ws.workspace.id, ...budget } })).id;
  ids.foreignBudget = (await db.prisma.budget.create({ data: { workspaceId: other.workspace.id, ...budget } })).id;
  token = await createCredential(ws, ["recurring:read", "goals:read", "budgets:read"]);
  noScopes = await createCredential(ws, ["wallets:read"]);
  handle = createRestHandler({ router: appRouter, getDatabase: async () => db });
});

describe("GET /api/v1/programmatic/recurring-rules", () => {
  it("answers 200 with flat rules and {total, page, limit}", async () => {
    const { status, body } = await get("/api/v1/programmatic/recurring-rules?status=active");
    expect(status).toBe(200);
    expect(body.meta).toEqual({
      total: 1,
      page: 1,
      limit: 50,
      next_cursor: null,
      server_knowledge: expect.any(String),
    });
    expect(body.data[0]).toMatchObject({ name: "Rent", amount: "1150.00", account_name: "Checking", status: "active" });
    expect(body.data[0].type).toBe("expense"); // the rule's own type, not a resource wrapper
  });

  it("answers 400 for limit 0, limit 201, a cursor and a bad filter", async () => {
    for (const query of ["limit=0", "limit=201", "cursor=abc", "status=gone", "account_id=nope"]) {
      const { status, body } = await get(`/api/v1/programmatic/recurring-rules?${query}`);
      expect(status, query).toBe(400);
      expect(body.code).toBe("VALIDATION_FAILED");
      expect(body.message).toContain(query.split("=")[0]);
    }
  });

  it("answers 403 without recurring:read", async () => {
    expect((await get("/api/v1/programmatic/recurring-rules", noScopes)).body.code).toBe("INSUFFICIENT_SCOPE");
  });
});

describe("GET /api/v1/programmatic/goals", () => {
  it("answers 200 with goals resources and page meta", async () => {
    const { status, body } = await get("/api/v1/programmatic/goals");
    expect(status).toBe(200);
    expect(body.data[0]).toMatchObject({
      type: "goals",
      attributes: { name: "Bike", target_amount: "1000.00", current_saved: "0.00" },
    });
    expect(body.meta).toEqual({
      pagination: "page",
      page: 1,
      limit: 50,
      total: 1,
      next_cursor: null,
      server_knowledge: expect.any(String),
    });
  });

  it("answers 400 for page with cursor, and for limits out of range", async () => {
    const conflict = await get("/api/v1/programmatic/goals?page=1&cursor=abc");
    expect([conflict.status, conflict.body.code]).toEqual([400, "PROGRAMMATIC_PAGINATION_MODE_CONFLICT"]);
    expect((await get("/api/v1/programmatic/goals?limit=0")).status).toBe(400);
    expect((await get("/api/v1/programmatic/goals?limit=201")).status).toBe(400);
  });

  it("answers 403 without goals:read", async () => {
    const { status, body } = await get("/api/v1/programmatic/goals", noScopes);
    expect([status, body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });
});

describe("GET /api/v1/programmatic/budgets and /budgets/{id}", () => {
  it("answers 200 with the budget and its period for period_date", async () => {
    const { status, body } = await get(`/api/v1/programmatic/budgets/${ids.budget}?period_date=2024-02-10`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      type: "budgets",
      id: ids.budget,
      attributes: { name: "Food", amount: "300.00" },
    });
    expect(body.data.attributes.current_period).toMatchObject({
      period_start: "2024-02-01",
      period_end: "2024-02-29",
      spent: "0.00",
    });
  });

  it("answers 404 for another workspace's budget and 400 for a malformed id", async () => {
    const foreign = await get(`/api/v1/programmatic/budgets/${ids.foreignBudget}`);
    expect([foreign.status, foreign.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    expect((await get("/api/v1/programmatic/budgets/not-a-uuid")).status).toBe(400);
  });

  it("answers 400 naming period_date for an impossible or far-off day", async () => {
    for (const value of ["2025-02-30", "2025-2-3", "9999-12-31"]) {
      const { status, body } = await get(`/api/v1/programmatic/budgets/${ids.budget}?period_date=${value}`);
      expect([status, body.code], value).toEqual([400, "VALIDATION_FAILED"]);
      expect(body.message).toContain("period_date");
    }
  });

  it("lists budgets, filtered on active, and rejects page with cursor and limits out of range", async () => {
    const { status, body } = await get("/api/v1/programmatic/budgets?active=true&period_date=2024-03-05");
    expect(status).toBe(200);
    expect(body.data.map((item: { id: string }) => item.id)).toEqual([ids.budget]);
    expect(body.data[0].attributes.current_period.period_start).toBe("2024-03-01");
    expect((await get("/api/v1/programmatic/budgets?active=false")).body.data).toEqual([]);
    const conflict = await get("/api/v1/programmatic/budgets?page=2&cursor=abc");
    expect([conflict.status, conflict.body.code]).toEqual([400, "PROGRAMMATIC_PAGINATION_MODE_CONFLICT"]);
    expect((await get("/api/v1/programmatic/budgets?limit=0")).status).toBe(400);
    expect((await get("/api/v1/programmatic/budgets?limit=201")).status).toBe(400);
  });

  it("answers 403 without budgets:read", async () => {
    expect((await get(`/api/v1/programmatic/budgets/${ids.budget}`, noScopes)).status).toBe(403);
    expect((await get("/api/v1/programmatic/budgets", noScopes)).body.code).toBe("INSUFFICIENT_SCOPE");
  });
});
