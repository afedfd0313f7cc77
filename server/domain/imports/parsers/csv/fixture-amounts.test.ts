/** The CSV samples' amounts and balances: sign conventions, debit and credit columns, marks, currencies. */
import { describe, expect, it } from "vitest";
import { parseFixture, transactionsOf } from "./csv-fixtures-testing";

describe("CSV fixture details", () => {
  it("applies the user's sign convention when the file cannot tell", () => {
    const file = parseFixture("csv2ofx_creditunion_cr_only_line_endings.csv", {
      amountSemantics: "signed_debit_positive",
    });
    expect(file.amountSemantics).toBe("signed_debit_positive");
    expect(file.amountSemanticsRequired).toBe(false);
    expect(transactionsOf(file)[0]?.amount).toBe("-50000");
  });

  it("reads Bank of Ireland's debit and credit columns and carries the sparse balance forward", () => {
    const file = parseFixture("bank2ynab_ie_bankofireland_debit_credit.csv");
    const transactions = transactionsOf(file);
    expect(transactions[1]).toMatchObject({ amount: "29.5", description: "Éáú üüüümlaut! GP" });
    expect(transactions[2]).toMatchObject({ amount: "-512.0", description: "Random Bill" });
    // The last printed balance (100 on 28/09, "CTO") minus the two later rows of that day: 52.49 and 818.0.
    expect(file.statements[0]?.closingBalance).toEqual({ amount: "-770.49", date: "2017-09-28" });
  });

  it("skips John Lewis pending rows and reads the CR mark as money in", () => {
    const file = parseFixture("bank2ynab_uk_johnlewis_card_bom_pound.csv");
    expect(file.warnings.filter((w) => w.includes("pending"))).toHaveLength(3);
    expect(transactionsOf(file).map((t) => t.amount)).toContain("-8.20");
  });

  it("splits PayPal's currencies into statements with their own closing balances", () => {
    const file = parseFixture("oca_paypal_activity_en.csv");
    expect(file.statements.map((s) => s.currencyCode)).toEqual(["USD", "EUR", "AUD"]);
    expect(file.statements.map((s) => s.closingBalance)).toEqual([
      { amount: "1.90", date: "2016-11-01" },
      { amount: "43.34", date: "2016-11-01" },
      { amount: "0.00", date: "2016-06-22" },
    ]);
    expect(transactionsOf(file)[3]).toMatchObject({ amount: "1580.68", counterparty: "PARTNER2", externalId: "TID4" });
  });

  it("names DEGIRO's unnamed amount columns and skips rows without a cash movement", () => {
    const file = parseFixture("ofxstmt_nl_degiro_account_blank_headers.csv");
    expect(file.statements.map((s) => [s.currencyCode, s.closingBalance])).toEqual([
      ["EUR", { amount: "13.88", date: "2019-12-27" }],
      ["USD", { amount: "-5.09", date: "2019-03-04" }],
    ]);
    expect(file.warnings.filter((w) => w.includes("no amount"))).toEqual([
      "line 2 has a date but no amount and was skipped",
      "line 5 has a date but no amount and was skipped",
      "line 8 has a date but no amount and was skipped",
    ]);
  });

  it("reads ASN's balance-before column and quoted descriptions", () => {
    const transactions = transactionsOf(parseFixture("ofxstmt_nl_asn_noheader.csv"));
    expect(transactions[3]).toMatchObject({
      amount: "503.15",
      description: "DIVIDEND 27/06/2022",
      counterparty: "Optimal BV",
    });
  });
});
