import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";

/**
 * A month still running, on the real clock: whatever today is (the 1st, the last day), the current
 * month has not ended. A new workspace (UTC) gets a salary on the 1st of each of the 5 months
 * before (3,000, and 1,000 in the last one: a real drop, in a month that has ended) and only 100 on
 * the 1st of this month, so any comparison of this month with the earlier ones, whole or up to
 * today, would read as a drop.
 */
const api = createClient(inject("baseUrl"));

let token: string;
let month: string;
const before: string[] = [];
const salaries = ["3000.00", "3000.00", "3000.00", "3000.00", "1000.00"];

const todayUtc = () => new Date().toISOString().slice(0, 10);

function monthsBefore(month: string, n: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 - n, 1)).toISOString().slice(0, 7);
}

beforeAll(async () => {
  const user = await api.signUp({ timezone: "UTC" });
  const trpc = (path: string, body: object) =>
    api.call("POST", `/api/trpc/${path}`, { token: user.sessionToken, body });
  month = todayUtc().slice(0, 7);
  for (let n = 5; n >= 1; n -= 1) before.push(monthsBefore(month, n));
  const wallet = await trpc("wallets.create", {
    name: `Salary ${randomUUID().slice(0, 8)}`,
    accounts: [{ currency_code: "EUR", opening_balance: "0", opening_balance_date: `${monthsBefore(month, 6)}-01` }],
  });
  expect(wallet.status).toBe(200);
  token = (await api.createToken(user.sessionToken, ["reports:read", "insights:read", "transactions:read"])).token;
  const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
  const accountId = accounts.find((row: any) => row.attributes.wallet_id === wallet.body.result.data.id).id;
  const income = (date: string, amount: string, description: string) =>
    trpc("transactions.create", { account_id: accountId, type: "income", date, amount, description });
  for (const [i, earlier] of before.entries())
    expect((await income(`${earlier}-01`, salaries[i]!, "Salary")).status).toBe(200);
  expect((await income(`${month}-01`, "100.00", "Refund")).status).toBe(200);
});

describe("the current month is month to date", () => {
  it("cash flow marks the month partial and compares it with the same days of earlier months", async () => {
    const dayBefore = todayUtc();
    const response = await api.call("GET", "/api/v1/programmatic/reports/cash-flow-summary", { token });
    expect(response.status).toBe(200);
    const { attributes, window } = response.body.data;
    expect(attributes.month).toBe(month);
    expect(window.partial_month).toBe(true);
    expect([dayBefore, todayUtc()]).toContain(window.as_of);
    expect(attributes.monthly_trend.map((entry: any) => [entry.month, entry.income, entry.partial])).toEqual([
      ...before.map((earlier, i) => [earlier, salaries[i], false]),
      [month, "100.00", true],
    ]);
    const toDate = attributes.month_to_date_comparison;
    expect(toDate.through_day).toBe(Number(window.as_of.slice(8, 10)));
    expect(toDate.months[0]).toMatchObject({ month, through: window.as_of, income: "100.00" });
    // The salaries came on the 1st: the 3 months before had them by any day of the month, (1000 + 3000 + 3000) / 3.
    expect(toDate).toMatchObject({
      previous_months_compared: 3,
      previous_average: { income: "2333.33", expenses: "0.00", savings_rate: "100.00" },
    });
  });

  it("income stability lists the month as partial and keeps it out of the statistics", async () => {
    const response = await api.call("GET", "/api/v1/programmatic/reports/income-stability", { token });
    expect(response.status).toBe(200);
    const { attributes, window } = response.body.data;
    expect(window).toMatchObject({ partial_month: true, applied_months: 6 });
    expect(attributes.monthly_incomes.at(-1)).toEqual({ month, amount: "100.00", partial: true });
    expect(attributes.monthly_incomes.filter((entry: any) => entry.partial)).toHaveLength(1);
    // 13,000 / 5; counted as a whole month, the 100 so far would make the mean 2183.33.
    expect(attributes).toMatchObject({ statistics_months: 5, mean: "2600.00", trend: "decreasing" });
  });

  it("raises no income drop for the month while it runs, and still one for the month before", async () => {
    const drops = async (period: string) => {
      const response = await api.call("GET", `/api/v1/programmatic/insights?period=${period}`, { token });
      expect(response.status).toBe(200);
      return response.body.insights.filter((insight: any) => insight.type === "income_drop");
    };
    expect(await drops(month)).toEqual([]);
    // Last month has ended: 1,000 against the 3,000 of the three months before it.
    expect(await drops(before.at(-1)!)).toMatchObject([
      {
        id: `income_drop:${before.at(-1)}`,
        priority: "high",
        payload: { amount: "1000.00", average_amount: "3000.00" },
      },
    ]);
  });
});
