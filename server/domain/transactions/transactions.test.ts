import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCurrencies } from "../../../prisma/seed";
import type { Database } from "../../db";
import { createTestDatabase } from "../../db/testing";
import {
  bulkSetCategoryInput,
  createTransactionInput,
  listTransactionsInput,
  transferInput,
  updateTransactionInput,
} from "../../schemas/transactions";
import { createWalletInput } from "../../schemas/wallets";
import { createCategory, setCategoryArchived } from "../categories/manage-categories";
import type { WorkspaceContext } from "../workspace-context";
import { createWorkspaceContext, expectAppError } from "../manage-testing";
import { Decimal } from "../money/money";
import { addDays, todayIn } from "../time/calendar";
import { createWallet } from "../wallets/manage-wallets";
import { getWallet } from "../wallets/read-wallets";
import { bulkDeleteTransactions, bulkSetCategory, restoreCategories } from "./bulk-transactions";
import { listTransactions } from "./list-transactions";
import { createTransfer } from "./transfer";
import { createTransaction, deleteTransaction, setTransactionCategory, updateTransaction } from "./write-transactions";

let db: Database;
let destroy: () => Promise<void>;
let mine: WorkspaceContext & { userId: string };
let theirs: WorkspaceContext & { userId: string };
let walletId: string;
let eur: string;
let usd: string;
let savings: string;
let groceries: string;
const today = todayIn("UTC");
const yesterday = addDays(today, -1);

async function accountsOf(context: WorkspaceContext & { userId: string }, name: string, codes: string[]) {
  const { id } = await createWallet(
    context,
    createWalletInput.parse({
      name,
      accounts: codes.map((code) => ({
        currency_code: code,
        opening_balance: "100",
        opening_balance_date: addDays(today, -30),
      })),
    }),
  );
  return { id, accounts: (await getWallet(context, id)).attributes.accounts.map((account) => account.id) };
}

const expense = (accountId: string, amount: string, extra: Record<string, unknown> = {}) =>
  createTransaction(
    mine,
    createTransactionInput.parse({
      account_id: accountId,
      type: "expense",
      date: today,
      amount,
      description: "Shop",
      ...extra,
    }),
  );
const rowsOf = async (filters: Record<string, unknown> = {}) =>
  (await listTransactions(mine, listTransactionsInput.parse(filters))).items;
const balances = async (id: string) =>
  (await getWallet(mine, id)).attributes.accounts.map((account) => account.current_balance);

beforeAll(async () => {
  ({ db, destroy } = await createTestDatabase());
  const currencies = await ensureCurrencies(db);
  mine = await createWorkspaceContext(db, currencies);
  theirs = await createWorkspaceContext(db, currencies);
  const travel = await accountsOf(mine, "Travel", ["EUR", "USD"]);
  walletId = travel.id;
  [eur, usd] = travel.accounts as [string, string];
  savings = (await accountsOf(mine, "Savings", ["EUR"])).accounts[0]!;
  groceries = (
    await createCategory(mine, { name: "Groceries", group_id: null, icon_name: null, accent_color: null, aliases: [] })
  ).id;
});

afterAll(async () => destroy?.());

describe("expenses and income", () => {
  it("stores expenses negative and income positive, in the account's currency", async () => {
    const spent = await expense(eur, "12.30", { category_id: groceries, counterparty: "Corner shop" });
    await createTransaction(
      mine,
      createTransactionInput.parse({
        account_id: usd,
        type: "income",
        date: yesterday,
        amount: "5",
        description: "Refund",
      }),
    );
    const [first, second] = await rowsOf({ account_id: undefined });
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
    expect(await balances(walletId)).toEqual(["87.70", "105.00"]);
  });

  it("edits keep the direction, and categorising takes only active categories of the workspace", async () => {
    const { id } = await expense(eur, "1.00");
    await updateTransaction(
      mine,
      updateTransactionInput.parse({
        id,
        date: yesterday,
        amount: "2.50",
        description: "Bakery",
        notes: "croissants",
        category_id: groceries,
      }),
    );
    expect((await rowsOf({ search: "bakery" }))[0]).toMatchObject({
      id,
      amount: "-2.50",
      date: yesterday,
      notes: "croissants",
      category_id: groceries,
    });
    await setTransactionCategory(mine, { id, category_id: null });
    expect((await rowsOf({ category_id: "uncategorised", search: "bakery" })).map((row) => row.id)).toEqual([id]);

    const theirCategory = await createCategory(theirs, {
      name: "Theirs",
      group_id: null,
      icon_name: null,
      accent_color: null,
      aliases: [],
    });
    await expectAppError(setTransactionCategory(mine, { id, category_id: theirCategory.id }), "RESOURCE_NOT_FOUND");
    await expectAppError(
      updateTransaction(mine, updateTransactionInput.parse({ id, date: today, amount: "2.505", description: "x" })),
      "VALIDATION_FAILED",
      /amount: EUR amounts have at most 2 decimal places/,
    );
    await deleteTransaction(mine, { id });
    expect(await rowsOf({ search: "bakery" })).toEqual([]);
  });

  it("answers 404 for another workspace's account or transaction", async () => {
    const foreign = await accountsOf(theirs, "Theirs", ["EUR"]);
    await expectAppError(expense(foreign.accounts[0]!, "1"), "RESOURCE_NOT_FOUND");
    const theirRow = await createTransaction(
      theirs,
      createTransactionInput.parse({
        account_id: foreign.accounts[0],
        type: "expense",
        date: today,
        amount: "3",
        description: "Theirs",
      }),
    );
    await expectAppError(
      updateTransaction(
        mine,
        updateTransactionInput.parse({ id: theirRow.id, date: today, amount: "1", description: "x" }),
      ),
      "RESOURCE_NOT_FOUND",
    );
    await expectAppError(deleteTransaction(mine, { id: theirRow.id }), "RESOURCE_NOT_FOUND");
    await expectAppError(
      createTransfer(
        mine,
        transferInput.parse({ from_account_id: eur, to_account_id: foreign.accounts[0], date: today, amount: "1" }),
      ),
      "RESOURCE_NOT_FOUND",
    );
    expect(await rowsOf({ account_id: foreign.accounts[0] })).toEqual([]);
  });
});

describe("transfers", () => {
  it("writes two linked rows that sum to zero between accounts of one currency", async () => {
    const before = await balances(walletId);
    const { outgoingId, incomingId } = await createTransfer(
      mine,
      transferInput.parse({ from_account_id: eur, to_account_id: savings, date: today, amount: "20.00" }),
    );
    const rows = await db.prisma.transaction.findMany({
      where: { id: { in: [outgoingId, incomingId] } },
      orderBy: { amount: "asc" },
    });
    expect(rows.map((row) => [row.id, row.type, row.amount.toString(), row.transferPeerId, row.foreignAmount])).toEqual(
      [
        [outgoingId, "transfer", "-20", incomingId, null],
        [incomingId, "transfer", "20", outgoingId, null],
      ],
    );
    expect((await balances(walletId))[0]).toBe(new Decimal(before[0]!).minus(20).toFixed(2));
    const listed = await rowsOf({ type: "transfer" });
    expect(listed.find((row) => row.id === outgoingId)).toMatchObject({
      peer_account_name: "Savings",
      description: "Transfer",
      category_id: null,
    });
    expect(listed.find((row) => row.id === incomingId)).toMatchObject({
      peer_account_name: "Travel (EUR)",
      amount: "20.00",
    });
    await expectAppError(
      setTransactionCategory(mine, { id: incomingId, category_id: groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /no category/,
    );

    // Editing one side moves the other; deleting one side deletes both.
    await updateTransaction(
      mine,
      updateTransactionInput.parse({ id: incomingId, date: yesterday, amount: "25", description: "To savings" }),
    );
    const edited = await db.prisma.transaction.findMany({
      where: { id: { in: [outgoingId, incomingId] } },
      orderBy: { amount: "asc" },
    });
    expect(edited.map((row) => [row.amount.toString(), row.description, row.date.toISOString().slice(0, 10)])).toEqual([
      ["-25", "To savings", yesterday],
      ["25", "To savings", yesterday],
    ]);
    expect((await deleteTransaction(mine, { id: outgoingId })).deleted.sort()).toEqual([outgoingId, incomingId].sort());
    expect(await db.prisma.transaction.count({ where: { id: { in: [outgoingId, incomingId] } } })).toBe(0);
  });

  it("records the other side's amount as foreign amount between two currencies", async () => {
    await expectAppError(
      createTransfer(
        mine,
        transferInput.parse({ from_account_id: eur, to_account_id: usd, date: today, amount: "50" }),
      ),
      "VALIDATION_FAILED",
      /received_amount: is required for a transfer from EUR to USD/,
    );
    const { outgoingId, incomingId } = await createTransfer(
      mine,
      transferInput.parse({
        from_account_id: eur,
        to_account_id: usd,
        date: today,
        amount: "50.00",
        received_amount: "54.25",
        description: "Cash for the trip",
      }),
    );
    const [out, into] = await rowsOf({ type: "transfer", search: "cash for" }).then((rows) => [
      rows.find((r) => r.id === outgoingId)!,
      rows.find((r) => r.id === incomingId)!,
    ]);
    expect(out).toMatchObject({
      amount: "-50.00",
      currency_code: "EUR",
      foreign_amount: "-54.25",
      foreign_currency_code: "USD",
      transfer_peer_id: incomingId,
    });
    expect(into).toMatchObject({
      amount: "54.25",
      currency_code: "USD",
      foreign_amount: "50.00",
      foreign_currency_code: "EUR",
      transfer_peer_id: outgoingId,
    });

    // A new received amount on the USD side updates what the EUR side records.
    await updateTransaction(
      mine,
      updateTransactionInput.parse({ id: incomingId, date: today, amount: "55.00", description: "Cash for the trip" }),
    );
    const outRow = await db.prisma.transaction.findUniqueOrThrow({ where: { id: outgoingId } });
    expect([outRow.amount.toString(), outRow.foreignAmount?.toString()]).toEqual(["-50", "-55"]);
  });

  it("refuses a transfer into the same account and one whose amounts differ in one currency", async () => {
    expect(
      transferInput.safeParse({ from_account_id: eur, to_account_id: eur, date: today, amount: "1" }).error?.issues[0]
        ?.path,
    ).toEqual(["to_account_id"]);
    await expectAppError(
      createTransfer(mine, {
        from_account_id: eur,
        to_account_id: eur,
        date: today,
        amount: "1",
        received_amount: null,
        description: "x",
        notes: null,
      }),
      "DOMAIN_CONSTRAINT_VIOLATION",
    );
    await expectAppError(
      createTransfer(
        mine,
        transferInput.parse({
          from_account_id: eur,
          to_account_id: savings,
          date: today,
          amount: "1",
          received_amount: "2",
        }),
      ),
      "VALIDATION_FAILED",
      /received_amount: must equal amount/,
    );
  });
});

describe("listTransactions", () => {
  it("filters by account, type, dates and text, newest first, one page at a time", async () => {
    for (const [index, day] of [addDays(today, -10), addDays(today, -5), addDays(today, -2)].entries()) {
      await expense(savings, `${index + 1}`, {
        date: day,
        description: `Page test ${index}`,
        counterparty: index === 1 ? "ACME Corp" : null,
      });
    }
    const inRange = await rowsOf({ account_id: savings, type: "expense", from: addDays(today, -6), to: today });
    expect(inRange.map((row) => row.description)).toEqual(["Page test 2", "Page test 1"]);
    expect((await rowsOf({ search: "acme" })).map((row) => row.description)).toEqual(["Page test 1"]);
    const page2 = await listTransactions(
      mine,
      listTransactionsInput.parse({ account_id: savings, type: "expense", page: 2, limit: 2 }),
    );
    expect(page2.total).toBe(3);
    expect(page2.items.map((row) => row.description)).toEqual(["Page test 0"]);
    expect(listTransactionsInput.safeParse({ from: today, to: yesterday }).error?.issues[0]?.path).toEqual(["to"]);
  });
});

describe("sorting, amount filters and amount search", () => {
  let account: string;
  const amountsOf = async (filters: Record<string, unknown>) =>
    (await rowsOf({ account_id: account, ...filters })).map((row) => row.amount);

  beforeAll(async () => {
    account = (await accountsOf(mine, "Sorting", ["EUR"])).accounts[0]!;
    const rows = [
      ["expense", "12.50", "Bakery", "Baker Ltd", addDays(today, -3)],
      ["income", "12.50", "Refund", null, addDays(today, -2)],
      ["expense", "3.00", "Corner kiosk", "Kiosk", addDays(today, -1)],
      ["expense", "120.00", "Rent", "Landlord", addDays(today, -4)],
      ["expense", "3.00", "100% juice_bar", "Alpha", addDays(today, -5)],
    ] as const;
    for (const [type, amount, description, counterparty, date] of rows) {
      await createTransaction(
        mine,
        createTransactionInput.parse({
          account_id: account,
          type,
          date,
          amount,
          description,
          counterparty,
          category_id: description === "Rent" ? groceries : null,
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
    expect((await rowsOf({ account_id: account, sort: "amount" }))[2]?.description).toBe("Corner kiosk");
    expect((await rowsOf({ account_id: account, sort: "description" })).map((row) => row.description)).toEqual([
      "100% juice_bar",
      "Bakery",
      "Corner kiosk",
      "Refund",
      "Rent",
    ]);
    expect(
      (await rowsOf({ account_id: account, sort: "counterparty", order: "desc" })).map((row) => row.counterparty),
    ).toEqual(["Landlord", "Kiosk", "Baker Ltd", "Alpha", null]);
    expect((await rowsOf({ account_id: account, sort: "category" }))[0]?.description).toBe("Rent");
    expect((await rowsOf({ account_id: account, sort: "date", order: "asc" })).map((row) => row.description)).toEqual([
      "100% juice_bar",
      "Rent",
      "Bakery",
      "Refund",
      "Corner kiosk",
    ]);

    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        listTransactions(mine, listTransactionsInput.parse({ account_id: account, sort: "amount", page, limit: 2 })),
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
    expect((await rowsOf({ account_id: account, search: "%" })).map((row) => row.description)).toEqual([
      "100% juice_bar",
    ]);
    expect(await amountsOf({ search: "r_nt" })).toEqual([]);
    expect(await amountsOf({ search: "'; DELETE FROM transactions; --" })).toEqual([]);
    expect(await amountsOf({})).toHaveLength(5);
  });
});

describe("bulk categorise, undo and bulk delete", () => {
  it("categorises the chosen rows at once and restores each row's own category", async () => {
    const rent = (
      await createCategory(mine, { name: "Rent", group_id: null, icon_name: null, accent_color: null, aliases: [] })
    ).id;
    const a = await expense(eur, "1", { description: "Bulk A", category_id: rent });
    const b = await expense(eur, "2", { description: "Bulk B" });
    const c = await expense(eur, "3", { description: "Bulk C", category_id: groceries });
    const categories = async () =>
      (await rowsOf({ search: "bulk", sort: "description" })).map((row) => row.category_name);

    const { changed } = await bulkSetCategory(
      mine,
      bulkSetCategoryInput.parse({ ids: [a.id, b.id, c.id, b.id], category_id: groceries }),
    );
    expect(changed).toEqual([
      { id: a.id, previous_category_id: rent },
      { id: b.id, previous_category_id: null },
      { id: c.id, previous_category_id: groceries },
    ]);
    expect(await categories()).toEqual(["Groceries", "Groceries", "Groceries"]);

    // A category archived meanwhile is still put back: the undo restores what the row had.
    await setCategoryArchived(mine, rent, true);
    await restoreCategories(mine, {
      items: changed.map((row) => ({ id: row.id, category_id: row.previous_category_id })),
    });
    expect(await categories()).toEqual(["Rent", null, "Groceries"]);
    await expectAppError(
      bulkSetCategory(mine, { ids: [b.id], category_id: rent }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /archived/,
    );
  });

  it("changes nothing when one chosen row is another workspace's, a transfer or gone", async () => {
    const mineRow = await expense(eur, "4", { description: "Atomic" });
    const foreign = await accountsOf(theirs, "Theirs 2", ["EUR"]);
    const theirRow = await createTransaction(
      theirs,
      createTransactionInput.parse({
        account_id: foreign.accounts[0],
        type: "expense",
        date: today,
        amount: "3",
        description: "Theirs",
      }),
    );
    const { outgoingId, incomingId } = await createTransfer(
      mine,
      transferInput.parse({ from_account_id: eur, to_account_id: savings, date: today, amount: "5" }),
    );

    await expectAppError(
      bulkSetCategory(mine, { ids: [mineRow.id, theirRow.id], category_id: groceries }),
      "RESOURCE_NOT_FOUND",
      /1 of the 2 chosen transactions does not exist/,
    );
    await expectAppError(
      bulkSetCategory(mine, { ids: [mineRow.id, outgoingId], category_id: groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /no category/,
    );
    await expectAppError(bulkDeleteTransactions(mine, { ids: [mineRow.id, theirRow.id] }), "RESOURCE_NOT_FOUND");
    expect((await rowsOf({ search: "atomic" }))[0]?.category_id).toBeNull();
    expect(await db.prisma.transaction.count({ where: { id: { in: [mineRow.id, theirRow.id] } } })).toBe(2);

    // Deleting one side of a transfer takes the other with it.
    const { deleted } = await bulkDeleteTransactions(mine, { ids: [mineRow.id, incomingId] });
    expect(deleted.sort()).toEqual([mineRow.id, incomingId, outgoingId].sort());
    expect(await db.prisma.transaction.count({ where: { id: { in: [mineRow.id, outgoingId, incomingId] } } })).toBe(0);
    expect(await db.prisma.transaction.count({ where: { id: theirRow.id } })).toBe(1);
  });

  it("takes at most 200 rows in one call", () => {
    const ids = Array.from({ length: 201 }, () => crypto.randomUUID());
    expect(bulkSetCategoryInput.safeParse({ ids, category_id: null }).error?.issues[0]?.message).toBe(
      "must name at most 200 transactions",
    );
    expect(bulkSetCategoryInput.safeParse({ ids: ids.slice(0, 200), category_id: null }).success).toBe(true);
  });
});
