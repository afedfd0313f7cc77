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
});
