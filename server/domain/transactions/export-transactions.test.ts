import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { exportTransactions } from "./export-transactions";
import { useTransactionsWorkspace } from "./testing";

const w = useTransactionsWorkspace();

const csvOf = (file: { content_base64: string }) => Buffer.from(file.content_base64, "base64").toString("utf8");

describe("exportTransactions", () => {
  it("exports every matching row across pages, in the list's order, and none of another workspace", async () => {
    const account = (await w.accountsOf(w.mine, "Export", ["EUR"])).accounts[0]!;
    for (let index = 0; index < 3; index += 1) {
      await w.expense(account, `${index + 1}.00`, { description: `Export ${index}` });
    }
    await w.theirExpense("Their export");
    const file = await exportTransactions(w.mine, { account_id: account, sort: "amount", order: "asc" }, "csv");
    expect(file).toMatchObject({ rows: 3, media_type: "text/csv; charset=utf-8" });
    expect(file.filename).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csvOf(file).trimEnd().split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 3))).toEqual([
      ["expense", "-3.00"],
      ["expense", "-2.00"],
      ["expense", "-1.00"],
    ]);
    const theirs = await exportTransactions(w.theirs, { account_id: account }, "csv");
    expect(theirs.rows).toBe(0);
  });

  it("refuses more rows than the limit with 422 saying how many match, before reading them", async () => {
    const account = (await w.accountsOf(w.mine, "Export limit", ["EUR"])).accounts[0]!;
    for (let index = 0; index < 3; index += 1) await w.expense(account, "1.00");
    const refused = await exportTransactions(w.mine, { account_id: account }, "xlsx", 2).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "DOMAIN_CONSTRAINT_VIOLATION" });
    expect((refused as AppError).message).toMatch(/^3 transactions match; an export holds at most 2/);
  });
});
