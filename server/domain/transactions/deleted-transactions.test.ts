import { SideEffects } from "../side-effects/side-effects";
import { beforeAll, describe, expect, it } from "vitest";
import { runMaintenance } from "../../jobs/maintenance";
import { createTransactionInput, restoreDeletedInput, transferInput } from "../../routers/transactions/schemas";
import { createWalletInput } from "../../routers/wallets/schemas";
import { createTestWorkspace, useTestDatabase } from "../../testing/fixtures";
import { createCategory } from "../categories/manage-categories";
import { expectAppError } from "../manage-testing";
import { addDays, todayIn } from "../time/calendar";
import { createWallet } from "../wallets/manage-wallets";
import { getWallet } from "../wallets/read-wallets";
import type { WorkspaceContext } from "../workspace-context";
import { bulkDeleteTransactions } from "./bulk-transactions";
import { restoreDeletedTransactions } from "./deleted-transactions";
import { createTransfer } from "./transfer";
import { createTransaction, deleteTransaction } from "./write-transactions";

const db = useTestDatabase();
let mine: WorkspaceContext & { userId: string };
let theirs: WorkspaceContext & { userId: string };
let walletId: string;
let eur: string;
let usd: string;
const today = todayIn("UTC");

const expense = (accountId: string, description: string, extra: Record<string, unknown> = {}) =>
  createTransaction(
    mine,
    createTransactionInput.parse({
      account_id: accountId,
      type: "expense",
      date: today,
      amount: "7.25",
      description,
      ...extra,
    }),
  );
/** Every column of these rows as the database holds them (text, so nothing is rounded on the way), but the writing
 * transaction's id, which a restore sets anew (a client syncing with since sees the row again). */
const rowsAsStored = (ids: string[]) =>
  db.sql
    .query(
      `SELECT (to_jsonb(t) - 'change_xid')::text AS row FROM transactions t WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [ids],
    )
    .then((rows) => rows.map((row) => row.row));
const balances = async () =>
  (await getWallet(mine, walletId)).attributes.accounts.map((account) => account.current_balance);
const ageSnapshots = (ids: string[], minutes: number) =>
  db.sql.query(
    `UPDATE deleted_transactions SET deleted_at = now() - make_interval(mins => $2::int) WHERE id = ANY($1::uuid[])`,
    [ids, minutes],
  );

beforeAll(async () => {
  mine = await createTestWorkspace(db);
  theirs = await createTestWorkspace(db);
  const { id } = await createWallet(
    mine,
    createWalletInput.parse({
      name: "Travel",
      accounts: ["EUR", "USD"].map((code) => ({
        currency_code: code,
        opening_balance: "100",
        opening_balance_date: addDays(today, -30),
      })),
    }),
  );
  walletId = id;
  [eur, usd] = (await getWallet(mine, id)).attributes.accounts.map((account) => account.id) as [string, string];
});

describe("undo of a delete", () => {
  it("puts deleted rows back exactly: id, times, links, tags, transfer pair, balances", async () => {
    const groceries = (
      await createCategory(mine, { name: "Food", group_id: null, icon_name: null, accent_color: null, aliases: [] })
    ).id;
    const job = await db.prisma.importJob.create({
      data: {
        workspaceId: mine.workspace.id,
        accountId: eur,
        fileName: "march.csv",
        fileType: "csv",
        fileSha256: "0".repeat(64),
        fileSize: 10,
        status: "completed",
      },
    });
    const rule = await db.prisma.recurringRule.create({
      data: {
        workspaceId: mine.workspace.id,
        name: "Gym",
        rawName: "Gym",
        type: "expense",
        amount: "-7.25",
        currencyId: mine.workspace.homeCurrencyId,
        accountId: eur,
        frequency: "monthly",
        startDate: new Date(`${today}T00:00:00Z`),
      },
    });
    const template = await db.prisma.transactionTemplate.create({
      data: { workspaceId: mine.workspace.id, name: "Gym", direction: "expense" },
    });
    const plain = await expense(eur, "Corner shop 12/03", {
      category_id: groceries,
      counterparty: "Shop",
      notes: "milk",
    });
    const linked = await expense(eur, "Gym", { category_id: groceries });
    await db.prisma.transaction.update({
      where: { id: linked.id },
      data: {
        importJobId: job.id,
        recurringRuleId: rule.id,
        templateId: template.id,
        externalId: "bank-42",
        tags: ["sport", "monthly"],
      },
    });
    const { outgoingId, incomingId } = await createTransfer(
      mine,
      transferInput.parse({
        from_account_id: eur,
        to_account_id: usd,
        date: today,
        amount: "50.00",
        received_amount: "54.25",
        description: "Cash",
      }),
    );
    const ids = [plain.id, linked.id, outgoingId, incomingId];
    const before = await rowsAsStored(ids);
    const balancesBefore = await balances();

    // One side of the transfer chosen: the other goes too, and comes back with it.
    const { deleted } = await bulkDeleteTransactions(mine, { ids: [plain.id, linked.id, incomingId] });
    expect(deleted.sort()).toEqual([...ids].sort());
    expect(await rowsAsStored(ids)).toEqual([]);
    expect(await balances()).not.toEqual(balancesBefore);

    const { restored } = await restoreDeletedTransactions(mine, { ids: [plain.id, linked.id, incomingId] });
    expect(restored.sort()).toEqual([...ids].sort());
    expect(await rowsAsStored(ids)).toEqual(before);
    expect(before.join()).toContain(job.id);
    expect(before.join()).toContain(`"transfer_peer_id": "${outgoingId}"`);
    expect(await balances()).toEqual(balancesBefore);
    expect(await db.prisma.deletedTransaction.count({ where: { id: { in: ids } } })).toBe(0);

    // Restoring twice is refused cleanly, and changes nothing.
    await expectAppError(
      restoreDeletedTransactions(mine, { ids: [plain.id] }),
      "RESOURCE_NOT_FOUND",
      /can no longer be restored/,
    );
    expect(await rowsAsStored(ids)).toEqual(before);
  });

  it("puts back a transfer deleted from its row, both sides linked again", async () => {
    const { outgoingId, incomingId } = await createTransfer(
      mine,
      transferInput.parse({
        from_account_id: usd,
        to_account_id: eur,
        date: today,
        amount: "5",
        received_amount: "4.60",
      }),
    );
    const before = await rowsAsStored([outgoingId, incomingId]);
    expect(
      (await deleteTransaction({ ...mine, sideEffects: new SideEffects() }, { id: outgoingId })).deleted.sort(),
    ).toEqual([outgoingId, incomingId].sort());
    await restoreDeletedTransactions(mine, { ids: [outgoingId] });
    expect(await rowsAsStored([outgoingId, incomingId])).toEqual(before);
  });

  it("refuses another workspace's restore, an expired one and one whose account is gone, all or nothing", async () => {
    const a = await expense(eur, "Kept A");
    const b = await expense(eur, "Kept B");
    await bulkDeleteTransactions(mine, { ids: [a.id, b.id] });

    await expectAppError(
      restoreDeletedTransactions(theirs, { ids: [a.id] }),
      "RESOURCE_NOT_FOUND",
      /can no longer be restored/,
    );
    expect(await db.prisma.transaction.count({ where: { id: a.id } })).toBe(0);

    // b expired: restoring both brings back neither.
    await ageSnapshots([b.id], 16);
    await expectAppError(
      restoreDeletedTransactions(mine, { ids: [a.id, b.id] }),
      "RESOURCE_NOT_FOUND",
      /1 of the 2 chosen transactions can no longer be restored: Undo lasts 15 minutes/,
    );
    expect(await db.prisma.transaction.count({ where: { id: { in: [a.id, b.id] } } })).toBe(0);
    await restoreDeletedTransactions(mine, { ids: [a.id] });
    expect(await db.prisma.transaction.count({ where: { id: a.id } })).toBe(1);

    const { id: spareWallet } = await createWallet(
      mine,
      createWalletInput.parse({
        name: "Spare",
        accounts: [{ currency_code: "EUR", opening_balance: "0", opening_balance_date: today }],
      }),
    );
    const spare = (await getWallet(mine, spareWallet)).attributes.accounts[0]!.id;
    const onSpare = await expense(spare, "On spare");
    await deleteTransaction({ ...mine, sideEffects: new SideEffects() }, { id: onSpare.id });
    await db.prisma.account.delete({ where: { id: spare } });
    await expectAppError(
      restoreDeletedTransactions(mine, { ids: [onSpare.id] }),
      "RESOURCE_NOT_FOUND",
      /account of this transaction has been deleted/,
    );
    expect(await db.prisma.transaction.count({ where: { id: onSpare.id } })).toBe(0);
  });

  it("puts a row back without the category and import deleted meanwhile", async () => {
    const gone = (
      await createCategory(mine, {
        name: "Short-lived",
        group_id: null,
        icon_name: null,
        accent_color: null,
        aliases: [],
      })
    ).id;
    const job = await db.prisma.importJob.create({
      data: {
        workspaceId: mine.workspace.id,
        accountId: eur,
        fileName: "gone.csv",
        fileType: "csv",
        fileSha256: "1".repeat(64),
        fileSize: 10,
        status: "completed",
      },
    });
    const row = await expense(eur, "Filed", { category_id: gone });
    await db.prisma.transaction.update({ where: { id: row.id }, data: { importJobId: job.id } });
    await deleteTransaction({ ...mine, sideEffects: new SideEffects() }, { id: row.id });
    await db.prisma.category.delete({ where: { id: gone } });
    await db.prisma.importJob.delete({ where: { id: job.id } });

    await restoreDeletedTransactions(mine, { ids: [row.id] });
    expect(await db.prisma.transaction.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      description: "Filed",
      categoryId: null,
      importJobId: null,
    });
  });

  it("keeps a copy 15 minutes: a delete purges its workspace's older copies, maintenance every workspace's", async () => {
    const old = await expense(eur, "Old");
    await deleteTransaction({ ...mine, sideEffects: new SideEffects() }, { id: old.id });
    const theirWallet = await createWallet(
      theirs,
      createWalletInput.parse({
        name: "Theirs",
        accounts: [{ currency_code: "EUR", opening_balance: "0", opening_balance_date: today }],
      }),
    );
    const theirAccount = (await getWallet(theirs, theirWallet.id)).attributes.accounts[0]!.id;
    const theirRow = await createTransaction(
      theirs,
      createTransactionInput.parse({
        account_id: theirAccount,
        type: "expense",
        date: today,
        amount: "1",
        description: "Theirs",
      }),
    );
    await deleteTransaction({ ...theirs, sideEffects: new SideEffects() }, { id: theirRow.id });
    await ageSnapshots([old.id, theirRow.id], 16);

    const fresh = await expense(eur, "Fresh");
    await deleteTransaction({ ...mine, sideEffects: new SideEffects() }, { id: fresh.id });
    const kept = async () =>
      (await db.prisma.deletedTransaction.findMany({ where: { id: { in: [old.id, theirRow.id, fresh.id] } } }))
        .map((row) => row.id)
        .sort();
    expect(await kept()).toEqual([theirRow.id, fresh.id].sort());
    expect((await runMaintenance(db, new Date())).deletedTransactions).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual([fresh.id]);
  });

  it("takes at most 200 ids in one call", () => {
    const ids = Array.from({ length: 201 }, () => crypto.randomUUID());
    expect(restoreDeletedInput.safeParse({ ids }).error?.issues[0]?.message).toBe("must name at most 200 transactions");
  });
});
