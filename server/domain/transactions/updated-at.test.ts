import { describe, expect, it } from "vitest";
import { SideEffects } from "../side-effects/side-effects";
import { writeTransactions } from "./bulk-writes";
import { getTransaction } from "./list-transactions";
import { today, useTransactionsWorkspace } from "./testing";

const w = useTransactionsWorkspace();

describe("a transaction's updated_at", () => {
  it("moves with a change made in plain SQL (a rule application), and created_at stays", async () => {
    const [written] = await writeTransactions({ ...w.mine, sideEffects: new SideEffects() }, [
      { account_id: w.savings, date: today, amount: "-2.00", description: "Kiosk", counterparty: null, notes: null },
    ]);
    const before = await getTransaction(w.mine, written!.id);
    expect(before.updated_at).toBe(before.created_at);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await w.db.sql.exec(`UPDATE transactions SET category_id = '${w.groceries}' WHERE id = '${written!.id}'`);
    const after = await getTransaction(w.mine, written!.id);
    expect(after.category_id).toBe(w.groceries);
    expect(after.created_at).toBe(before.created_at);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });
});
