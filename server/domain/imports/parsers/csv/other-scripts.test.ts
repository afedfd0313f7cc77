import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import type { ParsedFile } from "../types";
import { parseCsv } from "./index";

/**
 * Tables in scripts written without spaces, in multi-byte encodings, with direction columns and
 * status words the reader knew nothing of before: read by the general rules, not by a bank profile.
 */
const rows = (file: ParsedFile) =>
  file.statements.flatMap((statement) => statement.transactions.map((t) => [t.date, t.amount, t.description]));

describe("Chinese and Japanese headers", () => {
  it("reads income and expense columns whose names hold the direction inside longer words", () => {
    const csv = [
      "交易日期,摘要,交易金额(收入),交易金额(支出),记账金额(收入),记账金额(支出),余额,对方户名",
      "2024-03-05,工资,-,-,8000.00,,9000.00,某某公司",
      "2024-03-06,消费,-,-,,35.50,8964.50,便利店",
    ].join("\n");
    const file = parseCsv(Buffer.from(csv));
    expect(rows(file)).toEqual([
      ["2024-03-05", "8000.00", "工资"],
      ["2024-03-06", "-35.50", "消费"],
    ]);
    expect(file.statements[0]?.transactions[0]?.counterparty).toBe("某某公司");
  });

  it("reads a 收/支 direction column, leaves out rows marked neither way and cancelled ones", () => {
    const csv = [
      "交易时间,交易对方,商品说明,收/支,金额,交易状态",
      "2024-03-07 10:00:00,咖啡店,拿铁,支出,28.00,交易成功",
      "2024-03-06 09:00:00,朋友,转账,收入,100.00,交易成功",
      "2024-03-05 08:00:00,余额宝,收益,不计收支,0.31,交易成功",
      "2024-03-04 08:00:00,商店,耳机,支出,99.00,交易关闭",
    ].join("\n");
    const file = parseCsv(iconv.encode(csv, "gb18030"));
    expect(file.optionsUsed?.encoding).toBe("gb18030");
    expect(rows(file)).toEqual([
      ["2024-03-07", "-28.00", "拿铁"],
      ["2024-03-06", "100.00", "转账"],
    ]);
    expect(file.warnings).toContain(
      '1 row is marked "不计收支" (neither money in nor out of this account) and was left out',
    );
    expect(file.warnings).toContain("1 row was cancelled, declined or failed (no money moved) and was left out");
  });

  it("reads a two-language debit/credit mark and currency names", () => {
    const csv = [
      "交易日期,借贷,交易金额,币种,摘要",
      "2024-03-01,贷 Cr,1.23,人民币,利息",
      "2024-03-02,借 Dr,3.21,美元,转账",
    ].join("\n");
    const file = parseCsv(Buffer.from(csv));
    expect(
      file.statements.flatMap((s) => s.transactions.map((t) => [t.amount, t.currencyCode ?? s.currencyCode])),
    ).toEqual([
      ["1.23", "CNY"],
      ["-3.21", "USD"],
    ]);
  });

  it("decodes Shift_JIS and reads Japanese withdrawal and deposit columns", () => {
    // A month of rows: chardet needs a few lines of Japanese to be sure (a two-line file may name its encoding).
    const lines = ["日付,内容,出金金額(円),入金金額(円),残高(円)"];
    let balance = 200000;
    for (let day = 28; day >= 1; day -= 3) {
      const deposit = day % 2 === 0;
      balance += deposit ? -1500 : 2300;
      lines.push(
        `2022/01/${String(day).padStart(2, "0")},${deposit ? "振込 カ）サンプル" : "デビット 東京スーパー"},${deposit ? "" : 2300},${deposit ? 1500 : ""},${balance}`,
      );
    }
    const file = parseCsv(iconv.encode(lines.join("\n"), "shift_jis"));
    expect(file.optionsUsed?.encoding).toBe("shift_jis");
    expect(rows(file).slice(0, 2)).toEqual([
      ["2022-01-28", "1500", "振込 カ）サンプル"],
      ["2022-01-25", "-2300", "デビット 東京スーパー"],
    ]);
  });
});

describe("a single amount column's signs told by the rows' words", () => {
  it("reads a card statement whose purchases are positive and payments negative", () => {
    const csv = [
      "Card statement",
      "Date,Description,Amount",
      "2024-03-01,PURCHASE GROCERY STORE,54.20",
      "2024-03-02,PURCHASE BOOKSHOP,12.00",
      "2024-03-05,PAYMENT RECEIVED THANK YOU,-300.00",
      "2024-03-06,REFUND BOOKSHOP,-12.00",
    ].join("\n");
    const file = parseCsv(Buffer.from(csv));
    expect(file.amountSemantics).toBe("signed_debit_positive");
    expect(rows(file).map((row) => row[1])).toEqual(["-54.20", "-12.00", "300.00", "12.00"]);
    expect(file.warnings.join("\n")).toContain("Positive amounts were read as spending");
  });

  it("still asks when the words say nothing", () => {
    const csv = [
      "Card statement",
      "Date,Description,Amount",
      "2024-03-01,GROCERY STORE,54.20",
      "2024-03-02,BOOKSHOP,12.00",
    ].join("\n");
    const file = parseCsv(Buffer.from(csv));
    expect(file.amountSemanticsRequired).toBe(true);
  });
});
