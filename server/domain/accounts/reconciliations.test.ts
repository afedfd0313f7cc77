import { describe, expect, it } from "vitest";
import { AppError, databaseAppError } from "../../errors";
import { createTestWorkspace } from "../../testing/fixtures";
import { reconcileAccount } from "./reconciliations";
import { today, useTransactionsWorkspace } from "../transactions/testing";

const w = useTransactionsWorkspace();

/** What a failed write is answered with (the database's refusal read as the API's error), or null when it succeeded. */
async function refusal(write: Promise<unknown>): Promise<AppError | null> {
  try {
    await write;
    return null;
  } catch (error) {
    return error instanceof AppError ? error : databaseAppError(error);
  }
}

describe("reconciling an account (both engines: the lock is a trigger)", () => {
  it("locks the cleared rows up to the day, and the database refuses their statement fields and deletion", async () => {
    const account = (await w.accountsOf(w.mine, "Reconciled", ["EUR"])).accounts[0]!;
    const cleared = await w.expense(account, "20", { description: "Rent", cleared: true });
    const open = await w.expense(account, "5", { description: "Kiosk" });
    const reconcile = (finish: boolean, balance = "80.00") =>
      w.db.transaction((tx) =>
        reconcileAccount(
          { ...w.mine, db: tx, userId: w.mine.userId },
          { id: account, statement_balance: balance, as_of: today, finish },
        ),
      );

    const compared = await reconcile(false);
    expect(compared).toMatchObject({ cleared_balance: "80.00", difference: "0.00", uncleared_count: 1, id: null });
    const finished = await reconcile(true);
    expect(finished).toMatchObject({ reconciled: true, locked_count: 1 });

    const row = (id: string) => w.db.prisma.transaction.findUniqueOrThrow({ where: { id } });
    expect(await row(cleared.id)).toMatchObject({ cleared: true, reconciled: true });
    expect(await row(open.id)).toMatchObject({ cleared: false, reconciled: false });

    for (const data of [{ amount: "-21" }, { description: "Miete" }, { cleared: false }, { date: new Date(0) }]) {
      const refused = await refusal(w.db.prisma.transaction.update({ where: { id: cleared.id }, data }));
      expect(refused?.code, JSON.stringify(data)).toBe("TRANSACTION_RECONCILED");
      expect(refused?.status).toBe(409);
      expect(refused?.message).toContain(cleared.id);
    }
    const raw = await refusal(w.db.sql.query("DELETE FROM transactions WHERE id = $1", [cleared.id]));
    expect(raw?.code).toBe("TRANSACTION_RECONCILED");
    // What it is filed under stays the person's to change.
    await w.db.prisma.transaction.update({ where: { id: cleared.id }, data: { categoryId: w.groceries, notes: "ok" } });
    // Unlocked and changed in one statement.
    await w.db.prisma.transaction.update({ where: { id: cleared.id }, data: { reconciled: false, amount: "-21" } });
    expect(await row(cleared.id)).toMatchObject({ reconciled: false, cleared: true });
    expect((await reconcile(false)).difference).toBe("1.00");
  });

  it("refuses to finish at another difference, naming it; a cascade still deletes locked rows", async () => {
    const { id: walletId, accounts } = await w.accountsOf(w.mine, "Closed down", ["EUR"]);
    await w.expense(accounts[0]!, "10", { cleared: true });
    const run = (balance: string, finish: boolean) =>
      w.db.transaction((tx) =>
        reconcileAccount(
          { ...w.mine, db: tx, userId: w.mine.userId },
          { id: accounts[0]!, statement_balance: balance, as_of: today, finish },
        ),
      );
    const refused = await refusal(run("95.00", true));
    expect(refused?.code).toBe("DOMAIN_CONSTRAINT_VIOLATION");
    expect(refused?.message).toContain("5.00 EUR");
    await run("90.00", true);
    // A cascade (wallet -> accounts -> transactions) is not held by the lock.
    await w.db.prisma.wallet.delete({ where: { id: walletId } });
    expect(await w.db.prisma.transaction.count({ where: { accountId: accounts[0]! } })).toBe(0);
  });

  it("answers 404 for another workspace's account", async () => {
    const other = await createTestWorkspace(w.db);
    const refused = await refusal(
      reconcileAccount(
        { ...other, userId: other.userId },
        { id: w.eur, statement_balance: "1.00", as_of: today, finish: false },
      ),
    );
    expect(refused?.code).toBe("RESOURCE_NOT_FOUND");
  });
});
