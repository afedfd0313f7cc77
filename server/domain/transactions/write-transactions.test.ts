import { SideEffects } from "../side-effects/side-effects";
import { describe, expect, it } from "vitest";
import { createTransactionInput, transferInput, updateTransactionInput } from "../../routers/transactions/schemas";
import { createCategory } from "../categories/manage-categories";
import { expectAppError } from "../manage-testing";
import { today, useTransactionsWorkspace, yesterday } from "./testing";
import { createTransfer } from "./transfer";
import { createTransaction, deleteTransaction, setTransactionCategory, updateTransaction } from "./write-transactions";

const w = useTransactionsWorkspace();

describe("expenses and income", () => {
  it("stores expenses negative and income positive, in the account's currency", async () => {
    const spent = await w.expense(w.eur, "12.30", { category_id: w.groceries, counterparty: "Corner shop" });
    await createTransaction(
      w.mine,
      createTransactionInput.parse({
        account_id: w.usd,
        type: "income",
        date: yesterday,
        amount: "5",
        description: "Refund",
      }),
    );
    const [first, second] = await w.rowsOf({ account_id: undefined });
    expect(first).toMatchObject({
      id: spent.id,
      type: "expense",
      amount: "-12.30",
      currency_code: "EUR",
      account_name: "Travel (EUR)",
      category_name: "Groceries",
      counterparty: "Corner shop",
    });
    expect(second).toMatchObject({
      type: "income",
      amount: "5.00",
      currency_code: "USD",
      date: yesterday,
      category_id: null,
    });
    expect(await w.balances(w.walletId)).toEqual(["87.70", "105.00"]);
  });

  it("edits keep the direction, and categorising takes only active categories of the workspace", async () => {
    const { id } = await w.expense(w.eur, "1.00");
    await updateTransaction(
      w.mine,
      updateTransactionInput.parse({
        id,
        date: yesterday,
        amount: "2.50",
        description: "Bakery",
        notes: "croissants",
        category_id: w.groceries,
      }),
    );
    expect((await w.rowsOf({ search: "bakery" }))[0]).toMatchObject({
      id,
      amount: "-2.50",
      date: yesterday,
      notes: "croissants",
      category_id: w.groceries,
    });
    await setTransactionCategory(w.mine, { id, category_id: null });
    expect((await w.rowsOf({ category_id: "uncategorised", search: "bakery" })).map((row) => row.id)).toEqual([id]);

    const theirCategory = await createCategory(w.theirs, {
      name: "Theirs",
      group_id: null,
      icon_name: null,
      accent_color: null,
      aliases: [],
    });
    await expectAppError(setTransactionCategory(w.mine, { id, category_id: theirCategory.id }), "RESOURCE_NOT_FOUND");
    await expectAppError(
      updateTransaction(w.mine, updateTransactionInput.parse({ id, date: today, amount: "2.505", description: "x" })),
      "VALIDATION_FAILED",
      /amount: EUR amounts have at most 2 decimal places/,
    );
    await deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id });
    expect(await w.rowsOf({ search: "bakery" })).toEqual([]);
  });

  it("answers 404 for another workspace's account or transaction", async () => {
    const theirRow = await w.theirExpense("Theirs");
    await expectAppError(w.expense(theirRow.accountId, "1"), "RESOURCE_NOT_FOUND");
    await expectAppError(
      updateTransaction(
        w.mine,
        updateTransactionInput.parse({ id: theirRow.id, date: today, amount: "1", description: "x" }),
      ),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(
      deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id: theirRow.id }),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(
      createTransfer(
        w.mine,
        transferInput.parse({ from_account_id: w.eur, to_account_id: theirRow.accountId, date: today, amount: "1" }),
      ),
      "RESOURCE_NOT_FOUND",
    );
    expect(await w.rowsOf({ account_id: theirRow.accountId })).toEqual([]);
  });
});
