import { describe, expect, it } from "vitest";
import { databaseAppError } from "../../errors";
import { patchTransactionsInput, writeTransactionsInput } from "../../routers/transactions/write-schemas";
import { createCategory } from "../categories/manage-categories";
import { expectAppError } from "../manage-testing";
import { spendingByPeriod } from "../budgets/budget-spending";
import { loadFlows } from "../reports/flows";
import { SideEffects } from "../side-effects/side-effects";
import { patchTransactions as patchRows, writeTransactions as writeRows } from "./bulk-writes";
import { restoreDeletedTransactions } from "./deleted-transactions";
import { getTransaction, listTransactions } from "./list-transactions";
import { listTransactionsInput } from "../../routers/transactions/schemas";
import { today, useTransactionsWorkspace, yesterday } from "./testing";
import { deleteTransaction } from "./write-transactions";

const w = useTransactionsWorkspace();
const writer = () => ({ ...w.mine, sideEffects: new SideEffects() });
const write = (rows: Array<Record<string, unknown>>) =>
  writeRows(writer(), writeTransactionsInput.parse({ transactions: rows }).transactions);
const patch = (rows: Array<Record<string, unknown>>) =>
  patchRows(writer(), patchTransactionsInput.parse({ transactions: rows }).transactions);

/** A wallet of its own, so the sums below are this file's alone. */
async function freshAccount(name: string): Promise<string> {
  return (await w.accountsOf(w.mine, name, ["EUR"])).accounts[0]!;
}

describe("split transactions (both engines: the view category_lines and the CHECK)", () => {
  it("refuses a category of the transaction's own beside its parts", async () => {
    const account = await freshAccount("Split wallet");
    await expectAppError(
      write([
        {
          account_id: account,
          date: today,
          amount: "-80.50",
          description: "REWE Markt",
          category_id: w.groceries,
          parts: [{ amount: "-62.10", category_id: w.groceries }, { amount: "-18.40" }],
        },
      ]),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /transactions\.0\.parts: a split transaction's categories are its parts'/,
    );
  });

  it("writes the parts, lists them, and counts them in reports and category filters", async () => {
    const account = await freshAccount("Split wallet 2");
    const household = await createCategory(w.mine, {
      name: "Household 2",
      group_id: null,
      icon_name: null,
      accent_color: null,
      aliases: [],
    });
    const [bill] = await write([
      {
        account_id: account,
        date: today,
        amount: "-80.50",
        description: "REWE Markt",
        parts: [
          { amount: "-62.10", category_id: w.groceries, tags: ["food"] },
          { amount: "-18.40", category_id: household.id, notes: "soap" },
        ],
      },
    ]);
    const item = await getTransaction(w.mine, bill!.id);
    expect(item).toMatchObject({ amount: "-80.50", category_id: null });
    expect(item.parts.map(({ amount, category_id, notes, tags }) => ({ amount, category_id, notes, tags }))).toEqual([
      { amount: "-62.10", category_id: w.groceries, notes: null, tags: ["food"] },
      { amount: "-18.40", category_id: household.id, notes: "soap", tags: [] },
    ]);
    // The balance counts the whole once: 100 opening - 80.50.
    const { walletId } = await w.db.prisma.account.findUniqueOrThrow({ where: { id: account } });
    expect(await w.balances(walletId)).toEqual(["19.50"]);
    const flows = (await loadFlows(w.mine, today, today)).filter((row) => row.account_id === account);
    expect(flows.map((row) => [row.category_id, row.amount, row.count]).sort()).toEqual(
      [
        [household.id, "-18.4000", 1],
        [w.groceries, "-62.1000", 1],
      ].sort(),
    );
    // A budget of Household spends the household part alone.
    const [spending] = await spendingByPeriod(w.db, {
      workspaceId: w.mine.workspace.id,
      currencyId: w.mine.workspace.homeCurrencyId,
      categoryIds: [household.id],
      includeRecurring: true,
      periods: [{ index: 0, start: today, end: today }],
    });
    expect(spending!.spent.toFixed(2)).toBe("18.40");
    const listed = async (filters: Record<string, unknown>) =>
      (await listTransactions(w.mine, listTransactionsInput.parse({ account_id: account, ...filters }))).items.map(
        (row) => row.id,
      );
    expect(await listed({ category_id: household.id })).toEqual([bill!.id]);
    expect(await listed({ category_id: "uncategorised" })).toEqual([]);
    const total = await listTransactions(w.mine, listTransactionsInput.parse({ category_id: household.id }));
    expect(total.total).toBe(1);

    // The amount alone no longer fits the parts: 422 naming the difference; with parts it does.
    await expectAppError(patch([{ id: bill!.id, amount: "-81.50" }]), "DOMAIN_CONSTRAINT_VIOLATION", /1\.00/);
    await expectAppError(
      patch([{ id: bill!.id, parts: [{ amount: "-60.00" }, { amount: "-20.00" }] }]),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /add up to -80\.00 EUR, the amount is -80\.50: a difference of -0\.50/,
    );
    await expectAppError(patch([{ id: bill!.id, category_id: w.groceries }]), "DOMAIN_CONSTRAINT_VIOLATION", /split/);
    const [same] = await patch([
      {
        id: bill!.id,
        parts: [
          { amount: "-62.10", category_id: w.groceries, tags: ["food"] },
          { amount: "-18.40", category_id: household.id, notes: "soap" },
        ],
      },
    ]);
    expect(same!.status).toBe("unchanged");
    const [resplit] = await patch([
      { id: bill!.id, amount: "-81.50", parts: [{ amount: "-70.00", category_id: w.groceries }, { amount: "-11.50" }] },
    ]);
    expect(resplit!.status).toBe("updated");
    expect((await getTransaction(w.mine, bill!.id)).parts.map((part) => part.amount)).toEqual(["-70.00", "-11.50"]);
    // An uncategorised part lists the transaction as uncategorised too.
    expect(await listed({ category_id: "uncategorised" })).toEqual([bill!.id]);

    // Its parts follow a change of its day (the reports read their copy of it).
    await patch([{ id: bill!.id, date: yesterday }]);
    const days = await w.db.sql.query<{ date: string }>(
      "SELECT DISTINCT to_char(date, 'YYYY-MM-DD') AS date FROM transaction_parts WHERE transaction_id = $1",
      [bill!.id],
    );
    expect(days).toEqual([{ date: yesterday }]);
    expect((await loadFlows(w.mine, yesterday, yesterday)).filter((row) => row.account_id === account)).toHaveLength(2);

    // Deleted and put back: with its parts.
    await w.db.transaction((tx) =>
      deleteTransaction({ ...w.mine, db: tx, sideEffects: new SideEffects() }, { id: bill!.id }),
    );
    await restoreDeletedTransactions(w.mine, { ids: [bill!.id] });
    expect((await getTransaction(w.mine, bill!.id)).parts.map((part) => part.amount)).toEqual(["-70.00", "-11.50"]);

    // A path that sets a category without looking (the dashboard's bulk change) meets the CHECK: a 422, not a 500.
    const failure = await w.db.prisma.transaction
      .update({ where: { id: bill!.id }, data: { categoryId: w.groceries } })
      .catch((error: unknown) => error);
    expect(databaseAppError(failure)?.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");

    // Unsplit and categorised in one change.
    const [unsplit] = await patch([{ id: bill!.id, parts: [], category_id: w.groceries }]);
    expect(unsplit!.status).toBe("updated");
    expect(await getTransaction(w.mine, bill!.id)).toMatchObject({ parts: [], category_id: w.groceries });
  });

  it("refuses one part, more than 50, a zero part, a transfer's parts and another workspace's category", async () => {
    const account = await freshAccount("Split wallet 3");
    const row = { account_id: account, date: today, amount: "-10.00", description: "Shop" };
    expect(() => writeTransactionsInput.parse({ transactions: [{ ...row, parts: [{ amount: "-10.00" }] }] })).toThrow(
      /2 or more parts/,
    );
    const many = Array.from({ length: 51 }, () => ({ amount: "-0.10" }));
    expect(() => writeTransactionsInput.parse({ transactions: [{ ...row, parts: many }] })).toThrow(/at most 50/);
    expect(() =>
      writeTransactionsInput.parse({ transactions: [{ ...row, parts: [{ amount: "0" }, { amount: "-10" }] }] }),
    ).toThrow(/must not be 0/);
    const theirs = await createCategory(w.theirs, {
      name: "Theirs",
      group_id: null,
      icon_name: null,
      accent_color: null,
      aliases: [],
    });
    await expectAppError(
      write([{ ...row, parts: [{ amount: "-5.00", category_id: theirs.id }, { amount: "-5.00" }] }]),
      "RESOURCE_NOT_FOUND",
      /transactions\.0\.parts\.0\.category_id/,
    );
  });
});
