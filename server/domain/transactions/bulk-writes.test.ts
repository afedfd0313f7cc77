import { describe, expect, it } from "vitest";
import { transferInput } from "../../routers/transactions/schemas";
import { patchTransactionsInput, writeTransactionsInput } from "../../routers/transactions/write-schemas";
import { expectAppError } from "../manage-testing";
import { SideEffects } from "../side-effects/side-effects";
import { patchTransactions as patchRows, writeTransactions as writeRows } from "./bulk-writes";
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
    // Each side's own tags (what the dashboard's bulk tag sends) may go to both at once.
    const tagged = await patchTransactions(context, [
      { id: outgoingId, tags: ["Urlaub"] },
      { id: incomingId, tags: ["Urlaub"] },
    ]);
    expect(tagged.map((row) => row.status)).toEqual(["updated", "updated"]);
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

describe("tags", () => {
  const write = (rows: Array<Record<string, unknown>>) =>
    writeRows(
      { ...w.mine, sideEffects: new SideEffects() },
      writeTransactionsInput.parse({ transactions: rows }).transactions,
    );
  const tagsOf = async (id: string) => (await getTransaction(w.mine, id)).tags;

  it("are written, kept when absent, replaced, cleared with [], and listed by tag", async () => {
    const row = { account_id: w.savings, date: today, amount: "-8.00", description: "Ferry", external_id: "tag-1" };
    const [created] = await write([{ ...row, tags: ["Holiday", " reimbursable ", "holiday"] }]);
    // Trimmed, and the same tag twice (ignoring case) kept once in its first spelling.
    expect(await tagsOf(created!.id)).toEqual(["Holiday", "reimbursable"]);
    expect((await write([row]))[0]!.status).toBe("unchanged");
    expect((await write([{ ...row, tags: ["Holiday", "reimbursable"] }]))[0]!.status).toBe("unchanged");
    expect((await write([{ ...row, tags: ["Holiday"] }]))[0]!.status).toBe("updated");
    expect(await tagsOf(created!.id)).toEqual(["Holiday"]);

    const tagged = (await w.rowsOf({ tag: "Holiday" })).map((item) => item.id);
    expect(tagged).toEqual([created!.id]);
    // Written exactly so: another spelling is another tag.
    expect(await w.rowsOf({ tag: "holiday" })).toEqual([]);

    await patchTransactions({ ...w.mine, sideEffects: new SideEffects() }, [{ id: created!.id, tags: [] }]);
    expect(await tagsOf(created!.id)).toEqual([]);
    expect(await w.rowsOf({ tag: "Holiday" })).toEqual([]);
  });

  it("refuses a tag over 50 characters, on several lines or empty, and more than 20, naming the place", () => {
    const problems = (tags: unknown) =>
      writeTransactionsInput
        .safeParse({ transactions: [{ account_id: w.savings, date: today, amount: "-1", description: "x", tags }] })
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(problems(["x".repeat(51)])).toEqual([["transactions.0.tags.0", "must be at most 50 characters"]]);
    expect(problems(["ok", "two\nlines"])).toEqual([
      ["transactions.0.tags.1", "must be on one line, without control characters"],
    ]);
    expect(problems(["  "])).toEqual([["transactions.0.tags.0", "must not be empty"]]);
    expect(problems(["Smith, John"])).toEqual([
      ["transactions.0.tags.0", "must not contain a comma (commas separate tags)"],
    ]);
    expect(problems(Array.from({ length: 21 }, (_, index) => `t${index}`))).toEqual([
      ["transactions.0.tags", "must hold at most 20 tags"],
    ]);
    expect(problems("holiday")?.[0]?.[0]).toBe("transactions.0.tags");
  });
});
