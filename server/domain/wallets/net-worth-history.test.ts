import { describe, expect, it } from "vitest";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { createWalletInput } from "../../routers/wallets/schemas";
import { createTransactionInput } from "../../routers/transactions/schemas";
import { addMonths, endOfMonth, monthOf, todayIn } from "../time/calendar";
import { createTransaction } from "../transactions/write-transactions";
import { createWallet } from "./manage-wallets";
import { getWallet } from "./read-wallets";
import { netWorth } from "./net-worth";
import { netWorthHistory } from "./net-worth-history";

const db = useTestDatabase();
const today = todayIn("UTC");
const month = (offset: number) => monthOf(addMonths(today, offset));

describe("netWorthHistory", () => {
  it("takes each account's balance at each month's end, counts an account only once opened, and ends at today's net worth", async () => {
    const mine = await createTestWorkspace(db);
    const other = await createTestWorkspace(db);
    const opened = (offset: number) => `${month(offset)}-01`;
    const wallet = async (name: string, openedOn: string, balance: string, includeNetWorth = true) => {
      const created = await createWallet(
        mine,
        createWalletInput.parse({
          name,
          include_net_worth: includeNetWorth,
          accounts: [{ currency_code: "EUR", opening_balance: balance, opening_balance_date: openedOn }],
        }),
      );
      const detail = await getWallet(mine, created.id);
      return { id: created.id, account: detail.attributes.accounts[0]!.id };
    };
    const giro = await wallet("Giro", opened(-3), "1000");
    const savings = await wallet("Savings", opened(-1), "500");
    const cash = await wallet("Cash box", opened(-3), "70", false);
    const spend = (account: string, date: string, amount: string) =>
      createTransaction(
        mine,
        createTransactionInput.parse({ account_id: account, type: "expense", date, amount, description: "Shop" }),
      );
    await spend(giro.account, `${month(-3)}-10`, "100.00");
    await spend(giro.account, `${month(-2)}-05`, "50.25");
    await spend(savings.account, `${month(-1)}-02`, "20.00");
    await spend(cash.account, `${month(-2)}-03`, "10.00");

    const data = await netWorthHistory(mine, { months: 5, wallet_id: null });
    expect(data.currency.code).toBe("EUR");
    expect(data.points.map((point) => [point.month, point.as_of, point.amount])).toEqual([
      [month(-4), endOfMonth(month(-4)), "0.00"],
      [month(-3), endOfMonth(month(-3)), "900.00"],
      [month(-2), endOfMonth(month(-2)), "849.75"],
      [month(-1), endOfMonth(month(-1)), "1329.75"],
      [month(0), today, "1329.75"],
    ]);
    expect(data.points[3]!.per_wallet).toEqual([
      { wallet_id: giro.id, wallet_name: "Giro", home_amount: "849.75", partial: false },
      { wallet_id: savings.id, wallet_name: "Savings", home_amount: "480.00", partial: false },
    ]);
    // The last point is the home page's net worth.
    expect(data.points.at(-1)!.amount).toBe((await netWorth(mine)).amount);

    // One wallet's history, included in net worth or not.
    const box = await netWorthHistory(mine, { months: 3, wallet_id: cash.id });
    expect(box.points.map((point) => point.amount)).toEqual(["60.00", "60.00", "60.00"]);
    await expect(netWorthHistory(other, { months: 3, wallet_id: cash.id })).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
  });

  it("rounds each account's conversion as the accounts list does, so today's point is the net worth to the cent", async () => {
    const mine = await createTestWorkspace(db);
    // Two dollar accounts of one cent at 0.5: each is half a cent, rounded up to a cent as the list
    // shows it; the sum unrounded would be one cent.
    for (const name of ["Cent one", "Cent two"]) {
      await createWallet(
        mine,
        createWalletInput.parse({
          name,
          accounts: [{ currency_code: "USD", opening_balance: "0.01", opening_balance_date: `${month(-1)}-01` }],
        }),
      );
    }
    await db.sql.query(
      `INSERT INTO fx_rates (id, from_currency_id, to_currency_id, rate_date, rate)
       SELECT gen_random_uuid(), f.id, t.id, $1::date, 0.5 FROM currencies f, currencies t WHERE f.code = 'USD' AND t.code = 'EUR'`,
      [today],
    );
    const history = await netWorthHistory(mine, { months: 1, wallet_id: null });
    expect(history.points[0]).toMatchObject({
      amount: "0.02",
      per_currency: [{ currency_code: "USD", amount: "0.02", home_amount: "0.02" }],
    });
    expect(history.points[0]!.amount).toBe((await netWorth(mine)).amount);
  });

  it("answers 404 for a liability wallet, as the wallet endpoint does", async () => {
    const mine = await createTestWorkspace(db);
    const loan = await createWallet(
      mine,
      createWalletInput.parse({
        name: "Loan",
        accounts: [{ currency_code: "EUR", opening_balance: "-5000", opening_balance_date: today }],
      }),
    );
    await db.prisma.wallet.update({ where: { id: loan.id }, data: { accountType: "liability" } });
    await expect(netWorthHistory(mine, { months: 1, wallet_id: loan.id })).rejects.toMatchObject({
      code: "RESOURCE_NOT_FOUND",
    });
  });
});
