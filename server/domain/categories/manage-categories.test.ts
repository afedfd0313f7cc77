import { beforeAll, describe, expect, it } from "vitest";
import { createCategoryInput, splitAliases, updateCategoryInput } from "../../routers/categories/schemas";
import { createWalletInput } from "../../routers/wallets/schemas";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import type { WorkspaceContext } from "../workspace-context";
import { expectAppError } from "../manage-testing";
import { todayIn } from "../time/calendar";
import { createTransaction } from "../transactions/write-transactions";
import { createWallet } from "../wallets/manage-wallets";
import { categoryOverview } from "./category-overview";
import { createCategory, createCategoryGroup, setCategoryArchived, updateCategory } from "./manage-categories";

const db = useTestDatabase();
let mine: WorkspaceContext & { userId: string };
let theirs: WorkspaceContext & { userId: string };
let accountId: string;
const today = todayIn("UTC");

const overviewOf = (context: WorkspaceContext, includeArchived = true) =>
  categoryOverview(context, { includeArchived });

beforeAll(async () => {
  mine = await createTestWorkspace(db);
  theirs = await createTestWorkspace(db);
  const wallet = await createWallet(
    mine,
    createWalletInput.parse({ name: "Checking", accounts: [{ currency_code: "EUR", opening_balance_date: today }] }),
  );
  accountId = (await db.prisma.account.findFirstOrThrow({ where: { walletId: wallet.id } })).id;
});

describe("categories", () => {
  it("creates a category in a group with its aliases, without repeats", async () => {
    const group = await createCategoryGroup(mine, { name: "Home" });
    const input = createCategoryInput.parse({
      name: " Rent ",
      group_id: group.id,
      icon_name: "home",
      accent_color: "#2563EB",
      aliases: splitAliases("Miete, mortgage ,miete,"),
    });
    const { id, version } = await createCategory(mine, input);
    expect(version).toBe(1);
    const { groups, categories } = await overviewOf(mine);
    expect(groups).toEqual([{ id: group.id, name: "Home", order: 0 }]);
    expect(categories.find((category) => category.id === id)).toMatchObject({
      name: "Rent",
      group_id: group.id,
      icon_name: "home",
      accent_color: "#2563eb",
      aliases: ["Miete", "mortgage"],
      is_system: false,
      is_archived: false,
      tx_count: 0,
    });
  });

  it("bumps the version on edit and keeps active names unique ignoring case", async () => {
    const { id } = await createCategory(mine, createCategoryInput.parse({ name: "Fun" }));
    const edited = await updateCategory(
      mine,
      updateCategoryInput.parse({ id, name: "Leisure", aliases: ["cinema"], order: 7 }),
    );
    expect(edited.version).toBe(2);
    expect((await overviewOf(mine)).categories.find((category) => category.id === id)).toMatchObject({
      name: "Leisure",
      aliases: ["cinema"],
      order: 7,
      version: 2,
    });
    await expectAppError(
      createCategory(mine, createCategoryInput.parse({ name: "leisure" })),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /already exists/,
    );
    // Another workspace may use the same name.
    await createCategory(theirs, createCategoryInput.parse({ name: "Leisure" }));
  });

  it("archives a category: it leaves the default list, transactions cannot take it, and it comes back", async () => {
    const { id } = await createCategory(mine, createCategoryInput.parse({ name: "Gym" }));
    await createTransaction(mine, {
      account_id: accountId,
      type: "expense",
      date: today,
      amount: "30",
      description: "Gym",
      counterparty: null,
      notes: null,
      category_id: id,
    });
    const archived = await setCategoryArchived(mine, id, true);
    expect(archived.version).toBe(2);
    expect((await overviewOf(mine, false)).categories.map((category) => category.id)).not.toContain(id);
    expect((await overviewOf(mine)).categories.find((category) => category.id === id)).toMatchObject({
      is_archived: true,
      tx_count: 1,
    });
    await expectAppError(
      createTransaction(mine, {
        account_id: accountId,
        type: "expense",
        date: today,
        amount: "30",
        description: "Gym",
        counterparty: null,
        notes: null,
        category_id: id,
      }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /Gym is archived/,
    );
    await setCategoryArchived(mine, id, false);
    expect((await overviewOf(mine, false)).categories.find((category) => category.id === id)?.is_archived).toBe(false);
  });

  it("answers 404 for another workspace's category or group", async () => {
    const { id } = await createCategory(theirs, createCategoryInput.parse({ name: "Secret" }));
    const group = await createCategoryGroup(theirs, { name: "Their group" });
    await expectAppError(updateCategory(mine, updateCategoryInput.parse({ id, name: "Mine" })), "RESOURCE_NOT_FOUND");
    await expectAppError(setCategoryArchived(mine, id, true), "RESOURCE_NOT_FOUND");
    await expectAppError(
      createCategory(mine, createCategoryInput.parse({ name: "Grouped", group_id: group.id })),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(
      createTransaction(mine, {
        account_id: accountId,
        type: "expense",
        date: today,
        amount: "1",
        description: "x",
        counterparty: null,
        notes: null,
        category_id: id,
      }),
      "RESOURCE_NOT_FOUND",
    );
    expect((await overviewOf(theirs)).categories.find((category) => category.id === id)).toMatchObject({
      name: "Secret",
      version: 1,
      is_archived: false,
    });
  });
});
