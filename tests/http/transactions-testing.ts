import { expect } from "vitest";
import type { createClient } from "./client";

/** A new user's workspace with one EUR account (opened at 0.00), and a token that reads and writes transactions. */
export async function transactionsWorkspace(api: ReturnType<typeof createClient>, walletName: string) {
  const session = (await api.signUp()).sessionToken;
  const token = (await api.createToken(session, ["transactions:read", "transactions:write", "accounts:read"])).token;
  const wallet = await api.call("POST", "/api/trpc/wallets.create", {
    token: session,
    body: {
      name: walletName,
      accounts: [{ currency_code: "EUR", opening_balance: "0", opening_balance_date: "2026-01-01" }],
    },
  });
  expect(wallet.status).toBe(200);
  const account = (await api.call("GET", "/api/v1/programmatic/accounts", { token })).body.data[0].id as string;
  return { session, token, account };
}
