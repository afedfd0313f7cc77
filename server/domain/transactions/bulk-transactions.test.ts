import { describe, expect, it } from "vitest";
import { bulkSetCategoryInput, transferInput } from "../../routers/transactions/schemas";
import { createCategory, setCategoryArchived } from "../categories/manage-categories";
import { expectAppError } from "../manage-testing";
import { bulkDeleteTransactions, bulkSetCategory, restoreCategories } from "./bulk-transactions";
import { today, useTransactionsWorkspace } from "./testing";
import { createTransfer } from "./transfer";

const w = useTransactionsWorkspace();

describe("bulk categorise, undo and bulk delete", () => {
  it("categorises the chosen rows at once and restores each row's own category", async () => {
    const rent = (
      await createCategory(w.mine, { name: "Rent", group_id: null, icon_name: null, accent_color: null, aliases: [] })
    ).id;
    const a = await w.expense(w.eur, "1", { description: "Bulk A", category_id: rent });
    const b = await w.expense(w.eur, "2", { description: "Bulk B" });
    const c = await w.expense(w.eur, "3", { description: "Bulk C", category_id: w.groceries });
    const categories = async () =>
      (await w.rowsOf({ search: "bulk", sort: "description" })).map((row) => row.category_name);

    const { changed } = await bulkSetCategory(
      w.mine,
      bulkSetCategoryInput.parse({ ids: [a.id, b.id, c.id, b.id], category_id: w.groceries }),
    );
    expect(changed).toEqual([
      { id: a.id, previous_category_id: rent },
      { id: b.id, previous_category_id: null },
      { id: c.id, previous_category_id: w.groceries },
    ]);
    expect(await categories()).toEqual(["Groceries", "Groceries", "Groceries"]);

    // A category archived meanwhile is still put back: the undo restores what the row had.
    await setCategoryArchived(w.mine, rent, true);
    await restoreCategories(w.mine, {
      items: changed.map((row) => ({ id: row.id, category_id: row.previous_category_id })),
    });
    expect(await categories()).toEqual(["Rent", null, "Groceries"]);
    await expectAppError(
      bulkSetCategory(w.mine, { ids: [b.id], category_id: rent }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /archived/,
    );
  });

  it("changes nothing when one chosen row is another workspace's, a transfer or gone", async () => {
    const mineRow = await w.expense(w.eur, "4", { description: "Atomic" });
    const theirRow = await w.theirExpense("Theirs 2");
    const { outgoingId, incomingId } = await createTransfer(
      w.mine,
      transferInput.parse({ from_account_id: w.eur, to_account_id: w.savings, date: today, amount: "5" }),
    );

    await expectAppError(
      bulkSetCategory(w.mine, { ids: [mineRow.id, theirRow.id], category_id: w.groceries }),
      "RESOURCE_NOT_FOUND",
      /1 of the 2 chosen transactions does not exist/,
    );
    await expectAppError(
      bulkSetCategory(w.mine, { ids: [mineRow.id, outgoingId], category_id: w.groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /no category/,
    );
    await expectAppError(bulkDeleteTransactions(w.mine, { ids: [mineRow.id, theirRow.id] }), "RESOURCE_NOT_FOUND");
    expect((await w.rowsOf({ search: "atomic" }))[0]?.category_id).toBeNull();
    expect(await w.db.prisma.transaction.count({ where: { id: { in: [mineRow.id, theirRow.id] } } })).toBe(2);

    // Deleting one side of a transfer takes the other with it.
    const { deleted } = await bulkDeleteTransactions(w.mine, { ids: [mineRow.id, incomingId] });
    expect(deleted.sort()).toEqual([mineRow.id, incomingId, outgoingId].sort());
    expect(await w.db.prisma.transaction.count({ where: { id: { in: [mineRow.id, outgoingId, incomingId] } } })).toBe(
      0,
    );
    expect(await w.db.prisma.transaction.count({ where: { id: theirRow.id } })).toBe(1);
  });

  it("takes at most 200 rows in one call", () => {
    const ids = Array.from({ length: 201 }, () => crypto.randomUUID());
    expect(bulkSetCategoryInput.safeParse({ ids, category_id: null }).error?.issues[0]?.message).toBe(
      "must name at most 200 transactions",
    );
    expect(bulkSetCategoryInput.safeParse({ ids: ids.slice(0, 200), category_id: null }).success).toBe(true);
  });
});
