import { beforeAll, describe, expect, it } from "vitest";
import { createTransactionInput, listTransactionsInput } from "../../routers/transactions/schemas";
import { addDays } from "../time/calendar";
import { listTransactions } from "./list-transactions";
import { today, useTransactionsWorkspace, yesterday } from "./testing";
import { createTransaction } from "./write-transactions";

const w = useTransactionsWorkspace();

describe("listTransactions", () => {
  it("filters by account, type, dates and text, newest first, one page at a time", async () => {
    for (const [index, day] of [addDays(today, -10), addDays(today, -5), addDays(today, -2)].entries()) {
      await w.expense(w.savings, `${index + 1}`, {
        date: day,
        description: `Page test ${index}`,
        counterparty: index === 1 ? "ACME Corp" : null,
      });
    }
    const inRange = await w.rowsOf({ account_id: w.savings, type: "expense", from: addDays(today, -6), to: today });
    expect(inRange.map((row) => row.description)).toEqual(["Page test 2", "Page test 1"]);
    expect((await w.rowsOf({ search: "acme" })).map((row) => row.description)).toEqual(["Page test 1"]);
    const page2 = await listTransactions(
      w.mine,
      listTransactionsInput.parse({ account_id: w.savings, type: "expense", page: 2, limit: 2 }),
    );
    expect(page2.total).toBe(3);
    expect(page2.items.map((row) => row.description)).toEqual(["Page test 0"]);
    expect(listTransactionsInput.safeParse({ from: today, to: yesterday }).error?.issues[0]?.path).toEqual(["to"]);
  });
});

describe("sorting, amount filters and amount search", () => {
  let account: string;
  const amountsOf = async (filters: Record<string, unknown>) =>
    (await w.rowsOf({ account_id: account, ...filters })).map((row) => row.amount);

  beforeAll(async () => {
    account = (await w.accountsOf(w.mine, "Sorting", ["EUR"])).accounts[0]!;
    const rows = [
      ["expense", "12.50", "Bakery", "Baker Ltd", addDays(today, -3)],
      ["income", "12.50", "Refund", null, addDays(today, -2)],
      ["expense", "3.00", "Corner kiosk", "Kiosk", addDays(today, -1)],
      ["expense", "120.00", "Rent", "Landlord", addDays(today, -4)],
      ["expense", "3.00", "100% juice_bar", "Alpha", addDays(today, -5)],
    ] as const;
    for (const [type, amount, description, counterparty, date] of rows) {
      await createTransaction(
        w.mine,
        createTransactionInput.parse({
          account_id: account,
          type,
          date,
          amount,
          description,
          counterparty,
          category_id: description === "Rent" ? w.groceries : null,
        }),
      );
    }
  });

  it("sorts on the server by amount, text or category, ties newest first, and pages without overlap", async () => {
    expect(await amountsOf({ sort: "amount" })).toEqual(["-120.00", "-12.50", "-3.00", "-3.00", "12.50"]);
    expect(await amountsOf({ sort: "amount", order: "desc" })).toEqual([
      "12.50",
      "-3.00",
      "-3.00",
      "-12.50",
      "-120.00",
    ]);
    // The two -3.00 rows tie: the newer (Corner kiosk, yesterday) comes first either way.
    expect((await w.rowsOf({ account_id: account, sort: "amount" }))[2]?.description).toBe("Corner kiosk");
    expect((await w.rowsOf({ account_id: account, sort: "description" })).map((row) => row.description)).toEqual([
      "100% juice_bar",
      "Bakery",
      "Corner kiosk",
      "Refund",
      "Rent",
    ]);
    expect(
      (await w.rowsOf({ account_id: account, sort: "counterparty", order: "desc" })).map((row) => row.counterparty),
    ).toEqual(["Landlord", "Kiosk", "Baker Ltd", "Alpha", null]);
    expect((await w.rowsOf({ account_id: account, sort: "category" }))[0]?.description).toBe("Rent");
    expect((await w.rowsOf({ account_id: account, sort: "date", order: "asc" })).map((row) => row.description)).toEqual(
      ["100% juice_bar", "Rent", "Bakery", "Refund", "Corner kiosk"],
    );

    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        listTransactions(w.mine, listTransactionsInput.parse({ account_id: account, sort: "amount", page, limit: 2 })),
      ),
    );
    expect(pages.flatMap((page) => page.items.map((row) => row.amount))).toEqual([
      "-120.00",
      "-12.50",
      "-3.00",
      "-3.00",
      "12.50",
    ]);
    expect(new Set(pages.flatMap((page) => page.items.map((row) => row.id))).size).toBe(5);
  });

  it("filters by the amount ignoring its sign and finds a typed amount either way", async () => {
    expect(await amountsOf({ sort: "amount", amount_min: "10" })).toEqual(["-120.00", "-12.50", "12.50"]);
    expect(await amountsOf({ sort: "amount", amount_max: "12.5" })).toEqual(["-12.50", "-3.00", "-3.00", "12.50"]);
    expect(await amountsOf({ sort: "amount", amount_min: "12.50", amount_max: "100" })).toEqual(["-12.50", "12.50"]);
    expect(
      listTransactionsInput
        .safeParse({ amount_min: "20", amount_max: "3.5" })
        .error?.issues.map((issue) => [issue.path, issue.message]),
    ).toEqual([[["amount_max"], "must not be less than amount_min"]]);
    expect(listTransactionsInput.safeParse({ amount_min: "-1" }).error?.issues[0]?.path).toEqual(["amount_min"]);

    for (const search of ["12.50", "12,50", "-12.5"])
      expect(await amountsOf({ search, sort: "amount" })).toEqual(["-12.50", "12.50"]);
    expect(await amountsOf({ search: "12" })).toEqual([]);
    // Text is matched literally (LIKE wildcards are not wildcards) and sent as a parameter.
    expect((await w.rowsOf({ account_id: account, search: "%" })).map((row) => row.description)).toEqual([
      "100% juice_bar",
    ]);
    expect(await amountsOf({ search: "r_nt" })).toEqual([]);
    expect(await amountsOf({ search: "'; DELETE FROM transactions; --" })).toEqual([]);
    expect(await amountsOf({})).toHaveLength(5);
  });
});

describe("running balances in a list of one account", () => {
  let account: string;
  let walletId: string;
  const ledger = async (filters: Record<string, unknown> = {}) =>
    (await w.rowsOf({ account_id: account, ...filters })).map((row) => [row.description, row.running_balance]);

  beforeAll(async () => {
    ({
      id: walletId,
      accounts: [account],
    } = (await w.accountsOf(w.mine, "Ledger", ["EUR"])) as {
      id: string;
      accounts: [string];
    });
    // Opened 30 days ago with 100.00; entered in this order (two on one day: entry time breaks the tie).
    const rows = [
      ["expense", "5.00", "Before the opening", addDays(today, -40)],
      ["income", "50.00", "Salary", addDays(today, -20)],
      ["expense", "20.00", "Shoes", addDays(today, -10)],
      ["expense", "7.25", "Lunch", addDays(today, -10)],
      ["expense", "30.00", "Train", addDays(today, -3)],
      ["income", "10.00", "Refund to come", addDays(today, 5)],
    ] as const;
    for (const [type, amount, description, date] of rows) {
      await createTransaction(
        w.mine,
        createTransactionInput.parse({ account_id: account, type, date, amount, description }),
      );
    }
  });

  it("gives each row the balance after it in booking order, the last up to today being the current balance", async () => {
    expect(await ledger()).toEqual([
      ["Refund to come", "102.75"],
      ["Train", "92.75"],
      ["Lunch", "122.75"],
      ["Shoes", "130.00"],
      ["Salary", "150.00"],
      // Dated before the opening balance date: in no balance.
      ["Before the opening", null],
    ]);
    expect(await w.balances(walletId)).toEqual(["92.75"]);
  });

  it("keeps booking order whatever the list's sort and page", async () => {
    expect(await ledger({ sort: "amount", order: "desc" })).toEqual([
      ["Salary", "150.00"],
      ["Refund to come", "102.75"],
      ["Before the opening", null],
      ["Lunch", "122.75"],
      ["Shoes", "130.00"],
      ["Train", "92.75"],
    ]);
    expect(await ledger({ page: 2, limit: 2 })).toEqual([
      ["Lunch", "122.75"],
      ["Shoes", "130.00"],
    ]);
    expect(await ledger({ type: "income" })).toEqual([
      ["Refund to come", "102.75"],
      ["Salary", "150.00"],
    ]);
  });

  it("is null in a list of several accounts", async () => {
    const everywhere = await w.rowsOf({ search: "Refund to come" });
    expect(everywhere.map((row) => row.running_balance)).toEqual([null]);
  });
});
