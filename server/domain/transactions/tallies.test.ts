import { describe, expect, it } from "vitest";
import { listTransactionsInput } from "../../routers/transactions/schemas";
import { createTestWorkspace } from "../../testing/fixtures";
import { balancesOn } from "../accounts/balances";
import { addDays } from "../time/calendar";
import { listTransactions } from "./list-transactions";
import { foldTallies } from "./tallies";
import { today, useTransactionsWorkspace } from "./testing";
import { UNCATEGORISED } from "./uncategorised";

const w = useTransactionsWorkspace();

type Group = { account_id: string; category_id: string | null; type: string; rows: string; amount: string };

/** The tallies summed per group, and the same figures counted from the rows: they must be equal. */
async function talliesAndRows(workspaceId: string): Promise<{ tallies: Group[]; counted: Group[] }> {
  const order = "ORDER BY account_id, category_id NULLS FIRST, type";
  const tallies = await w.db.sql.query<Group>(
    `SELECT account_id::text, category_id::text, type::text, sum(rows)::text AS rows, sum(amount)::numeric(30,4)::text AS amount
       FROM transaction_tallies WHERE workspace_id = $1
      GROUP BY account_id, category_id, type HAVING sum(rows) <> 0 OR sum(amount) <> 0 ${order}`,
    [workspaceId],
  );
  const counted = await w.db.sql.query<Group>(
    `SELECT account_id::text, category_id::text, type::text, count(*)::text AS rows, sum(amount)::numeric(30,4)::text AS amount
       FROM transactions WHERE workspace_id = $1 GROUP BY account_id, category_id, type ${order}`,
    [workspaceId],
  );
  return { tallies, counted };
}

async function expectTalliesMatch(workspaceId: string) {
  const { tallies, counted } = await talliesAndRows(workspaceId);
  expect(counted.length).toBeGreaterThan(0);
  expect(tallies).toEqual(counted);
}

describe("transaction tallies", () => {
  it("follow every kind of write, cascades included, and folding keeps their sums", async () => {
    const context = await createTestWorkspace(w.db);
    const ws = context.workspace.id;
    const [first, second] = (await w.accountsOf(context, "Tallied", ["EUR", "USD"])).accounts as [string, string];
    const [food, rent] = await w.db.sql.query<{ id: string }>(
      `INSERT INTO categories (id, workspace_id, name, updated_at)
       VALUES (gen_random_uuid(), $1, 'Food', now()), (gen_random_uuid(), $1, 'Rent', now())
       RETURNING id::text`,
      [ws],
    );
    const insert = (account: string, n: number, category: string | null) =>
      w.db.sql.query(
        `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, category_id, updated_at)
         SELECT gen_random_uuid(), $1, $2, a.currency_id, CASE WHEN i % 3 = 0 THEN 'income' ELSE 'expense' END::"TransactionType",
                $5::date - i, CASE WHEN i % 3 = 0 THEN i + 0.25 ELSE -i - 0.5 END, 'Row ' || i, $4, now()
           FROM accounts a, generate_series(1, $3::int) AS i WHERE a.id = $2`,
        [ws, account, n, category, today],
      );
    await insert(first, 30, food!.id);
    await insert(first, 12, null);
    await insert(second, 9, rent!.id);
    await expectTalliesMatch(ws);

    // A recategorisation, an amount's change, a change that moves no figure, a move between accounts.
    await w.db.sql.query(
      `UPDATE transactions SET category_id = $2 WHERE workspace_id = $1 AND category_id IS NULL AND amount < -5`,
      [ws, rent!.id],
    );
    await w.db.sql.query(`UPDATE transactions SET amount = amount * 2 WHERE account_id = $1 AND type = 'income'`, [
      second,
    ]);
    const before = await w.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM transaction_tallies`);
    await w.db.sql.query(`UPDATE transactions SET notes = 'seen' WHERE workspace_id = $1`, [ws]);
    const after = await w.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM transaction_tallies`);
    expect(after[0]!.n).toBe(before[0]!.n);
    await w.db.sql.query(
      `UPDATE transactions SET account_id = $2 WHERE account_id = $1 AND category_id = $3 AND amount < -20`,
      [first, second, food!.id],
    );
    await expectTalliesMatch(ws);

    // Deletes: some rows, a category (its rows become uncategorised), an account (its rows go with it).
    await w.db.sql.query(`DELETE FROM transactions WHERE workspace_id = $1 AND amount BETWEEN -10 AND 0`, [ws]);
    await w.db.sql.query(`DELETE FROM categories WHERE id = $1`, [rent!.id]);
    await expectTalliesMatch(ws);
    await w.db.sql.query(`DELETE FROM accounts WHERE id = $1`, [second]);
    await expectTalliesMatch(ws);

    const rowsBefore = await w.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transaction_tallies WHERE workspace_id = $1`,
      [ws],
    );
    expect(await foldTallies(w.db)).toBeGreaterThan(0);
    await expectTalliesMatch(ws);
    const { counted } = await talliesAndRows(ws);
    const folded = await w.db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transaction_tallies WHERE workspace_id = $1`,
      [ws],
    );
    // One row per group left (the deleted account's groups summed to nothing and are gone).
    expect(folded[0]!.n).toBe(counted.length);
    expect(folded[0]!.n).toBeLessThan(rowsBefore[0]!.n);

    // A workspace that is gone leaves nothing behind once folded.
    await w.db.sql.query(`DELETE FROM workspaces WHERE id = $1`, [ws]);
    await foldTallies(w.db);
    const left = await w.db.sql.query(`SELECT 1 FROM transaction_tallies WHERE workspace_id = $1`, [ws]);
    expect(left).toEqual([]);
  });

  it("give page mode's total under account, category and type filters, as a count of the rows would", async () => {
    const account = (await w.accountsOf(w.mine, "Totals", ["EUR"])).accounts[0]!;
    for (const [index, category] of [w.groceries, null, w.groceries, null, null].entries()) {
      await w.expense(account, `${index + 1}`, { category_id: category, date: addDays(today, -index) });
    }
    await w.db.sql.query(`UPDATE transactions SET category_id = NULL WHERE account_id = $1 AND amount = -1`, [account]);
    const filters: Array<Record<string, unknown>> = [
      {},
      { account_id: account },
      { account_id: account, category_id: w.groceries },
      { account_id: account, category_id: UNCATEGORISED },
      { category_id: UNCATEGORISED, type: "expense" },
      { category_id: UNCATEGORISED, type: "transfer" },
      { type: "income" },
      // Filters the tallies cannot answer: counted from the rows.
      { account_id: account, from: addDays(today, -2) },
      { account_id: account, search: "shop" },
    ];
    for (const filter of filters) {
      const listed = await listTransactions(w.mine, listTransactionsInput.parse({ ...filter, limit: 200 }));
      expect(listed.total, JSON.stringify(filter)).toBe(listed.items.length);
    }
    const onAccount = await listTransactions(w.mine, listTransactionsInput.parse({ account_id: account, limit: 2 }));
    expect(onAccount.total).toBe(5);
    const uncategorised = await listTransactions(
      w.mine,
      listTransactionsInput.parse({ account_id: account, category_id: UNCATEGORISED }),
    );
    expect(uncategorised.total).toBe(4);
  });

  it("go with the rows when the table is truncated (no DELETE trigger fires)", async () => {
    // TRUNCATE empties every workspace's rows: only where this file has the database to itself.
    if (w.db.kind !== "pglite") return;
    await w.db.sql.exec("TRUNCATE transactions CASCADE");
    const left = await w.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM transaction_tallies`);
    expect(left[0]!.n).toBe(0);
    const account = (await w.accountsOf(w.mine, "After truncate", ["EUR"])).accounts[0]!;
    await w.expense(account, "4.00");
    expect((await balancesOn(w.db, [account], today)).get(account)!.toFixed(2)).toBe("96.00");
  });

  it("give each day's balance from the opening day, future rows and rows before the opening day left out", async () => {
    const account = (await w.accountsOf(w.mine, "Balances", ["EUR"])).accounts[0]!;
    // Opening balance 100 from 30 days ago (useTransactionsWorkspace's wallets).
    for (const [amount, date] of [
      ["10", addDays(today, -40)],
      ["20", addDays(today, -10)],
      ["5", today],
      ["7", addDays(today, 3)],
    ] as const) {
      await w.db.sql.query(
        `INSERT INTO transactions (id, workspace_id, account_id, currency_id, type, date, amount, description, updated_at)
         SELECT gen_random_uuid(), workspace_id, id, currency_id, 'expense', $2::date, -$3::numeric, 'Dated', now()
           FROM accounts WHERE id = $1`,
        [account, date, amount],
      );
    }
    const on = async (day: string) => (await balancesOn(w.db, [account], day)).get(account)!.toFixed(2);
    expect(await on(today)).toBe("75.00");
    expect(await on(addDays(today, 5))).toBe("68.00");
    expect(await on(addDays(today, -5))).toBe("80.00");
    expect(await on(addDays(today, -35))).toBe("100.00");
  });
});
