/** The CSV samples' rows and fields: ids, counterparties, accounts, continuation lines, dates and marker rows. */
import { describe, expect, it } from "vitest";
import { parseFixture, transactionsOf } from "./csv-fixtures-testing";

describe("CSV fixture details", () => {
  it("keeps the Raiffeisen CZ transaction id, counterparty and account", () => {
    const file = parseFixture("bank2ynab_cz_raiffeisen_cp1250.csv");
    expect(transactionsOf(file)[0]).toMatchObject({
      counterparty: "Name Surname",
      externalId: "3228446118",
      location: "line 2",
    });
    expect(file.statements[0]?.accountIdentifier).toBe("123456789/1234");
  });

  it("folds OCBC's continuation lines into the description", () => {
    const file = parseFixture("bank2ynab_sg_ocbc_preamble_multiline.csv");
    expect(transactionsOf(file)[1]?.description).toBe("CCY CONVERSION FEE FOR: 6.66 SGD");
    expect(file.statements[0]?.accountIdentifier).toBe("666-666666-666");
  });

  it("reads dates that fit both orders in the order whose rows lie a day apart, not a month", () => {
    const file = parseFixture("oca_sheet_preamble_debit_credit_decimal_comma.csv");
    expect(file.statements[0]?.transactions.map((row) => row.date)).toEqual([
      "2020-04-01",
      "2020-04-01",
      "2020-04-02",
      "2020-04-02",
    ]);
    expect(file.warnings.some((w) => w.includes('"01/04/20"'))).toBe(false);
    expect(file.warnings.some((w) => w.includes("line 10") && w.includes("Balance at start of period"))).toBe(true);
    expect(file.statements[0]?.accountIdentifier).toBe("08088804068");
  });

  it("reads 'as of' dates, marker rows and totals of Schwab exports", () => {
    const brokerage = parseFixture("reds_us_schwab_brokerage_title_line.csv");
    expect(transactionsOf(brokerage)[4]).toMatchObject({ date: "2023-04-17", amount: "0.03" });
    expect(brokerage.warnings.some((w) => w.includes("Transactions Total"))).toBe(true);
    const checking = transactionsOf(parseFixture("beancountimport_us_schwab_checking_title_and_marker_rows.CSV"));
    expect(checking.find((t) => t.description === "Check Paid #1002")?.amount).toBe("-1234.11");
  });

  it("takes Venmo's counterparty from To or From by direction", () => {
    const transactions = transactionsOf(parseFixture("beancountimport_us_venmo_signed_dollar.csv"));
    expect(transactions[0]).toMatchObject({ counterparty: "Tom Johnson", externalId: "2394198259925614643" });
    expect(transactions[2]).toMatchObject({ amount: "1150.00", counterparty: "Sally Smith", description: "Rent" });
  });
});
