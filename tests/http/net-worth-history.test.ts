import { beforeAll, describe, expect, inject, it } from "vitest";
import { createClient } from "./client";
import { transactionsWorkspace } from "./transactions-testing";

/** GET /net-worth/history: net worth (or a wallet's balance) at each month's end, over REST. */

const baseUrl = inject("baseUrl");
const api = createClient(baseUrl);
const HISTORY = "/api/v1/programmatic/net-worth/history";
let session: string;
let token: string;

beforeAll(async () => {
  let account: string;
  ({ session, token, account } = await transactionsWorkspace(api, "Giro"));
  const written = await api.call("POST", "/api/v1/programmatic/transactions", {
    token,
    headers: { "idempotency-key": `net-worth-${Date.now()}` },
    body: {
      transactions: [
        { account_id: account, date: "2026-01-15", amount: "2500.00", description: "Salary" },
        { account_id: account, date: "2026-02-03", amount: "-820.40", description: "Rent" },
      ],
    },
  });
  expect(written.status).toBe(201);
});

describe("GET /net-worth/history", () => {
  it("answers each month's end in the home currency, the last point equal to today's accounts", async () => {
    const reader = (await api.createToken(session, ["wallets:read"])).token;
    const answer = await api.call("GET", `${HISTORY}?months=60`, { token: reader });
    expect(answer.status).toBe(200);
    const { currency, wallet_id, points } = answer.body.data;
    expect([currency.code, wallet_id, points.length]).toEqual(["EUR", null, 60]);
    const byMonth = Object.fromEntries(
      points.map((point: { month: string; amount: string }) => [point.month, point.amount]),
    );
    expect([byMonth["2025-12"], byMonth["2026-01"], byMonth["2026-02"], byMonth["2026-03"]]).toEqual([
      "0.00",
      "2500.00",
      "1679.60",
      "1679.60",
    ]);
    expect(points.find((point: { month: string }) => point.month === "2026-01")).toMatchObject({
      as_of: "2026-01-31",
      accounts_without_rate: 0,
      per_currency: [{ currency_code: "EUR", amount: "2500.00", home_amount: "2500.00" }],
      per_wallet: [{ wallet_name: "Giro", home_amount: "2500.00", partial: false }],
    });
    const accounts = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data;
    expect(points.at(-1).amount).toBe(accounts[0].attributes.native_current_balance);
  });

  it("answers one wallet's history, 404 for another workspace's wallet, 400 for months out of range, 403 without a scope", async () => {
    const wallet = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data[0].attributes
      .wallet_id;
    const reader = (await api.createToken(session, ["accounts:read"])).token;
    const one = await api.call("GET", `${HISTORY}?months=2&wallet_id=${wallet}`, { token: reader });
    expect([one.status, one.body.data.wallet_id, one.body.data.points.length]).toEqual([200, wallet, 2]);
    const stranger = await transactionsWorkspace(api, "Stranger");
    const theirs = await api.call("GET", `${HISTORY}?wallet_id=${wallet}`, { token: stranger.token });
    expect([theirs.status, theirs.body.code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    for (const months of ["0", "61", "1.5", "twelve"]) {
      const refused = await api.call("GET", `${HISTORY}?months=${months}`, { token: reader });
      expect([refused.status, refused.body.code, refused.body.issues?.[0]?.path], months).toEqual([
        400,
        "VALIDATION_FAILED",
        ["months"],
      ]);
    }
    const transactionsOnly = (await api.createToken(session, ["transactions:read"])).token;
    const forbidden = await api.call("GET", HISTORY, { token: transactionsOnly });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
  });
});
