import { beforeAll, describe, expect, it } from "vitest";
import { createWalletInput } from "../../routers/wallets/schemas";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { addDays, todayIn } from "../time/calendar";
import type { WorkspaceContext } from "../workspace-context";
import { createWallet, setWalletArchived } from "./manage-wallets";
import { netWorth } from "./net-worth";

const db = useTestDatabase();
let mine: WorkspaceContext & { userId: string };
let theirs: WorkspaceContext & { userId: string };

const wallet = (name: string, accounts: Array<[string, string]>, includeNetWorth = true) =>
  createWalletInput.parse({
    name,
    type: "bank",
    include_net_worth: includeNetWorth,
    accounts: accounts.map(([currency_code, opening_balance]) => ({
      currency_code,
      opening_balance,
      opening_balance_date: addDays(todayIn("UTC"), -30),
    })),
  });

beforeAll(async () => {
  mine = await createTestWorkspace(db);
  theirs = await createTestWorkspace(db);
  await createWallet(
    mine,
    wallet("Travel", [
      ["EUR", "100.00"],
      ["USD", "50.00"],
    ]),
  );
  await createWallet(mine, wallet("London", [["GBP", "30.00"]]));
  await createWallet(mine, wallet("House fund", [["EUR", "1000.00"]], false));
  await createWallet(mine, wallet("Card", [["EUR", "-250.40"]]));
  // Archived: no longer part of anything, net worth included.
  const old = await createWallet(mine, wallet("Closed account", [["EUR", "5000.00"]]));
  await setWalletArchived(mine, old.id, true);
  // An inactive account of a wallet in net worth does not count either.
  const dormant = await createWallet(mine, wallet("Dormant", [["EUR", "700.00"]]));
  await db.prisma.account.updateMany({ where: { walletId: dormant.id }, data: { active: false } });
});

async function addRate(from: string, to: string, daysAgo: number, rate: string) {
  await db.sql.query(
    `INSERT INTO fx_rates (id, from_currency_id, to_currency_id, rate_date, rate)
     SELECT gen_random_uuid(), f.id, t.id, $1::date, $2::numeric FROM currencies f, currencies t WHERE f.code = $3 AND t.code = $4`,
    [addDays(todayIn(mine.workspace.timezone), -daysAgo), rate, from, to],
  );
}

describe("netWorth", () => {
  it("adds the home-currency balances of wallets included in net worth and counts the accounts without a rate", async () => {
    const worth = await netWorth(mine);
    expect(worth.currency.code).toBe("EUR");
    // 100.00 - 250.40; USD and GBP have no rate to EUR yet; the house fund is not in net worth,
    // the closed account is archived and the dormant one inactive.
    expect(worth.amount).toBe("-150.40");
    expect(worth.accounts_counted).toBe(2);
    expect(worth.accounts_without_rate).toBe(2);
    expect(worth.per_currency).toEqual([
      { currency_code: "EUR", amount: "-150.40", home_amount: "-150.40" },
      { currency_code: "GBP", amount: "30.00", home_amount: null },
      { currency_code: "USD", amount: "50.00", home_amount: null },
    ]);
  });

  it("converts at the latest rate within the 7-day lookback and ignores older ones", async () => {
    await addRate("USD", "EUR", 5, "0.5");
    await addRate("USD", "EUR", 2, "0.9");
    await addRate("GBP", "EUR", 8, "1.2"); // older than the lookback: GBP stays without a rate
    const worth = await netWorth(mine);
    expect(worth.amount).toBe("-105.40"); // -150.40 + 50 × 0.9
    expect(worth.accounts_without_rate).toBe(1);
    expect(worth.per_currency).toEqual([
      { currency_code: "EUR", amount: "-150.40", home_amount: "-150.40" },
      { currency_code: "GBP", amount: "30.00", home_amount: null },
      { currency_code: "USD", amount: "50.00", home_amount: "45.00" },
    ]);
  });

  it("is zero for a workspace without wallets (another workspace's wallets never count)", async () => {
    const worth = await netWorth(theirs);
    expect(worth).toMatchObject({ amount: "0.00", accounts_counted: 0, accounts_without_rate: 0, per_currency: [] });
  });
});
