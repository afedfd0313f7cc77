import { SideEffects } from "../side-effects/side-effects";
import { describe, expect, it } from "vitest";
import { transferInput, updateTransactionInput } from "../../routers/transactions/schemas";
import { expectAppError } from "../manage-testing";
import { Decimal } from "../money/money";
import { today, useTransactionsWorkspace, yesterday } from "./testing";
import { createTransfer } from "./transfer";
import { deleteTransaction, setTransactionCategory, updateTransaction } from "./write-transactions";

const w = useTransactionsWorkspace();

describe("transfers", () => {
  it("writes two linked rows that sum to zero between accounts of one currency", async () => {
    const before = await w.balances(w.walletId);
    const { outgoingId, incomingId } = await createTransfer(
      w.mine,
      transferInput.parse({ from_account_id: w.eur, to_account_id: w.savings, date: today, amount: "20.00" }),
    );
    const rows = await w.db.prisma.transaction.findMany({
      where: { id: { in: [outgoingId, incomingId] } },
      orderBy: { amount: "asc" },
    });
    expect(rows.map((row) => [row.id, row.type, row.amount.toString(), row.transferPeerId, row.foreignAmount])).toEqual(
      [
        [outgoingId, "transfer", "-20", incomingId, null],
        [incomingId, "transfer", "20", outgoingId, null],
      ],
    );
    expect((await w.balances(w.walletId))[0]).toBe(new Decimal(before[0]!).minus(20).toFixed(2));
    const listed = await w.rowsOf({ type: "transfer" });
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
      setTransactionCategory(w.mine, { id: incomingId, category_id: w.groceries }),
      "DOMAIN_CONSTRAINT_VIOLATION",
      /no category/,
    );

    // Editing one side moves the other; deleting one side deletes both.
    await updateTransaction(
      w.mine,
      updateTransactionInput.parse({ id: incomingId, date: yesterday, amount: "25", description: "To savings" }),
    );
    const edited = await w.db.prisma.transaction.findMany({
      where: { id: { in: [outgoingId, incomingId] } },
      orderBy: { amount: "asc" },
    });
    expect(edited.map((row) => [row.amount.toString(), row.description, row.date.toISOString().slice(0, 10)])).toEqual([
      ["-25", "To savings", yesterday],
      ["25", "To savings", yesterday],
    ]);
    expect(
      (await deleteTransaction({ ...w.mine, sideEffects: new SideEffects() }, { id: outgoingId })).deleted.sort(),
    ).toEqual([outgoingId, incomingId].sort());
    expect(await w.db.prisma.transaction.count({ where: { id: { in: [outgoingId, incomingId] } } })).toBe(0);
  });

  it("records the other side's amount as foreign amount between two currencies", async () => {
    await expectAppError(
      createTransfer(
        w.mine,
        transferInput.parse({ from_account_id: w.eur, to_account_id: w.usd, date: today, amount: "50" }),
      ),
      "VALIDATION_FAILED",
      /received_amount: is required for a transfer from EUR to USD/,
    );
    const { outgoingId, incomingId } = await createTransfer(
      w.mine,
      transferInput.parse({
        from_account_id: w.eur,
        to_account_id: w.usd,
        date: today,
        amount: "50.00",
        received_amount: "54.25",
        description: "Cash for the trip",
      }),
    );
    const [out, into] = await w
      .rowsOf({ type: "transfer", search: "cash for" })
      .then((rows) => [rows.find((r) => r.id === outgoingId)!, rows.find((r) => r.id === incomingId)!]);
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
      w.mine,
      updateTransactionInput.parse({ id: incomingId, date: today, amount: "55.00", description: "Cash for the trip" }),
    );
    const outRow = await w.db.prisma.transaction.findUniqueOrThrow({ where: { id: outgoingId } });
    expect([outRow.amount.toString(), outRow.foreignAmount?.toString()]).toEqual(["-50", "-55"]);
  });

  it("refuses a transfer into the same account and one whose amounts differ in one currency", async () => {
    expect(
      transferInput.safeParse({ from_account_id: w.eur, to_account_id: w.eur, date: today, amount: "1" }).error
        ?.issues[0]?.path,
    ).toEqual(["to_account_id"]);
    await expectAppError(
      createTransfer(w.mine, {
        from_account_id: w.eur,
        to_account_id: w.eur,
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
        w.mine,
        transferInput.parse({
          from_account_id: w.eur,
          to_account_id: w.savings,
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
