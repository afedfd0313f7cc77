import { describe, expect, it } from "vitest";
import { transferInput } from "../../routers/transactions/schemas";
import { patchTransactionsInput } from "../../routers/transactions/write-schemas";
import { expectAppError } from "../manage-testing";
import { SideEffects } from "../side-effects/side-effects";
import { patchTransactions as patchRows } from "./bulk-writes";
import { getTransaction } from "./list-transactions";
import { today, useTransactionsWorkspace } from "./testing";
import { createTransfer } from "./transfer";

const w = useTransactionsWorkspace();

/** The rows as the PATCH body's schema reads them. */
const patchTransactions = (context: Parameters<typeof patchRows>[0], rows: Array<Record<string, unknown>>) =>
  patchRows(context, patchTransactionsInput.parse({ transactions: rows }).transactions);

const transfer = () =>
  createTransfer(
    w.mine,
    transferInput.parse({ from_account_id: w.eur, to_account_id: w.savings, date: today, amount: "20.00" }),
  );

describe("patching one side of a transfer", () => {
  it("moves the other side with it and reports both transactions and both accounts", async () => {
    const { outgoingId, incomingId } = await transfer();
    const sideEffects = new SideEffects();
    const [result] = await patchTransactions({ ...w.mine, sideEffects }, [{ id: outgoingId, amount: "-25.00" }]);
    expect(result!.status).toBe("updated");
    expect((await getTransaction(w.mine, incomingId)).amount).toBe("25.00");
    const effects = sideEffects.list();
    expect(effects.filter((effect) => effect.domain === "transactions").map((effect) => effect.id)).toEqual([
      outgoingId,
      incomingId,
    ]);
    expect(effects.find((effect) => effect.id === incomingId)?.data).toMatchObject({ amount: "25.00" });
    expect(
      effects
        .filter((effect) => effect.domain === "accounts")
        .map((effect) => effect.id)
        .sort(),
    ).toEqual([w.eur, w.savings].sort());
  });

  it("refuses a body naming both sides, and a sign that would turn the transfer round", async () => {
    const { outgoingId, incomingId } = await transfer();
    const context = { ...w.mine, sideEffects: new SideEffects() };
    const both = await expectAppError(
      patchTransactions(context, [
        { id: outgoingId, notes: "a" },
        { id: incomingId, notes: "b" },
      ]),
      "DOMAIN_CONSTRAINT_VIOLATION",
    );
    expect(both.message).toContain("transactions.0.id");
    const turned = await expectAppError(
      patchTransactions(context, [{ id: outgoingId, amount: "20.00" }]),
      "DOMAIN_CONSTRAINT_VIOLATION",
    );
    expect(turned.message).toContain("transactions.0.amount");
    await expectAppError(
      patchTransactions(context, [{ id: outgoingId, category_id: w.groceries }]),
      "DOMAIN_CONSTRAINT_VIOLATION",
    );
    expect((await getTransaction(w.mine, outgoingId)).amount).toBe("-20.00");
  });
});
