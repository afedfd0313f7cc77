import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ParsedStatement, ParsedTransaction } from "../types";
import { StatementUnreadableError } from "../types";
import { looksLikeOfx, parseOfx } from "./parse-ofx";

/**
 * Every OFX and QFX sample statement, with values read from the files by hand: dates are the
 * DTPOSTED day as printed (time zones such as [-3:GMT] or [-7:MST] never move the day).
 */
const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements");

interface Row {
  date: string;
  amount: string;
  externalId: string | null;
  /** A fragment of the description. */
  text: string;
  counterparty?: string | null;
}
interface Statement {
  account: string | null;
  currency: string | null;
  count: number;
  closing: { amount: string; date: string } | null;
  first?: Row;
  last?: Row;
}
type Expected = { bankKey: string | null; fileType?: "ofx" | "qfx"; statements: Statement[] } | { refused: RegExp };

const row = (
  date: string,
  amount: string,
  externalId: string | null,
  text: string,
  counterparty?: string | null,
): Row => ({
  date,
  amount,
  externalId,
  text,
  ...(counterparty !== undefined ? { counterparty } : {}),
});
const bal = (amount: string, date: string) => ({ amount, date });
const INVESTMENT = { refused: /investment statements are not supported/ };

const EXPECTED: Record<string, Expected> = {
  "ofx/ofxparse_checking_sgml102.ofx": {
    bankKey: "fake",
    statements: [
      {
        account: "1452687~7",
        currency: "USD",
        count: 3,
        closing: bal("100.99", "2013-05-25"),
        first: row(
          "2011-03-31",
          "0.01",
          "0000486",
          "DIVIDEND EARNED FOR PERIOD OF 03/01/2011",
          "DIVIDEND EARNED FOR PERIOD OF 03",
        ),
        last: row("2011-04-07", "-25.00", "0000488", "RETURNED CHECK FEE, CHECK # 319 FOR $45.33"),
      },
    ],
  },
  "ofx/ofxparse_bank_medium_sgml_oneline.ofx": {
    bankKey: "intu_00024",
    statements: [
      {
        account: "12300 000012345678",
        currency: "CAD",
        count: 3,
        closing: bal("382.34", "2009-05-23"),
        first: row(
          "2009-04-01",
          "-6.60",
          "0000123456782009040100001",
          "POS MERCHANDISE;MCDONALD'S #112",
          "MCDONALD'S #112",
        ),
        last: row("2009-04-03", "-22.00", "0000123456782009040300005", "CONNIE'S HAIR D"),
      },
    ],
  },
  "ofx/ofxparse_anz_creditcard_v203_unclosed.ofx": {
    bankKey: null,
    statements: [
      {
        account: "1234123412341234",
        currency: "AUD",
        count: 1,
        closing: bal("-123.45", "2017-05-10"),
        first: row("2017-05-08", "-5.50", "201705080001", "SOME MEMO", null),
      },
    ],
  },
  "ofx/ofxparse_suncorp_xml200_crlf.ofx": {
    bankKey: "suncorp",
    statements: [
      {
        account: "123456789",
        currency: "AUD",
        count: 1,
        closing: bal("1234.12", "2013-12-15"),
        first: row(
          "2013-12-15",
          "-16.85",
          "1",
          "EFTPOS WDL HANDYWAY ALDI STORE GEELONG WEST VICAU",
          "EFTPOS WDL HANDYWAY ALDI STORE",
        ),
      },
    ],
  },
  "ofx/ofxparse_vanguard_invest_crcrlf.ofx": INVESTMENT,
  "ofx/ofxparse_v102_empty_tags_leading_blanklines.ofx": {
    bankKey: null,
    statements: [
      {
        account: "12345678",
        currency: "AUD",
        count: 1,
        closing: null,
        first: row("2018-05-07", "12.34", null, "CBA:Transfer", null),
      },
    ],
  },
  "ofx/ofxparse_multiple_accounts_xml211.ofx": {
    bankKey: "blah",
    statements: [
      { account: "9100", currency: "USD", count: 0, closing: bal("111", "2012-06-03") },
      { account: "9200", currency: "USD", count: 0, closing: bal("222", "2012-06-03") },
    ],
  },
  "ofx/ofxparse_fidelity_invest_sgml.ofx": {
    bankKey: "fidelity_com",
    statements: [
      {
        account: "01234567890",
        currency: "USD",
        count: 3,
        closing: null,
        first: row("2012-07-31", "0.2400", "0123456789021301320120731", "INTEREST EARNED"),
        last: row("2012-08-31", "0.1600", "0123456789024401420120831", "INTEREST EARNED"),
      },
    ],
  },
  "ofx/ofxtools_nubank_br_creditcard_sgml.ofx": {
    bankKey: null,
    statements: [
      {
        account: "11111111-UUID-UUID-UUID-111111111111",
        currency: "BRL",
        count: 6,
        closing: bal("-1280.91", "2024-03-25"),
        first: row("2024-03-23", "-13.00", "11111111-UUID-4747-8883-111111111111", "-memo-message-"),
        last: row("2024-03-22", "-959.00", "11111111-UUID-427c-8fc0-111111111111", "-memo-message-"),
      },
    ],
  },
  "ofx/ofxtools_stmtrs_xml200_decimal_comma.ofx": {
    bankKey: "nch",
    statements: [
      {
        account: "999988",
        currency: "USD",
        count: 2,
        closing: bal("200.29", "2005-10-29"),
        first: row("2005-10-04", "-200.00", "00002", "CHECK 1000"),
        last: row("2005-10-20", "-300.00", "00003", "ATM"),
      },
    ],
  },
  "ofx/oca_ofx_xml211_iban.ofx": {
    bankKey: null,
    statements: [
      {
        account: "12345678901",
        currency: "USD",
        count: 4,
        closing: bal("2156.56", "2013-08-31"),
        first: row("2013-08-24", "-80", "219378", "Agrolait", "Agrolait"),
        last: row("2013-08-24", "-90", "219381", "China Scuba"),
      },
      { account: "123412341234", currency: "USD", count: 0, closing: bal("-562.00", "2013-08-31") },
    ],
  },
  "ofx/reds_ofxstatement_n26_header_in_comment.ofx": {
    bankKey: null,
    statements: [
      {
        account: "acctid",
        currency: "EUR",
        count: 1,
        closing: null,
        first: row("2025-05-03", "-1.50", "fitid", "name", "name"),
      },
    ],
  },
  "ofx/beancountimport_amex_no_header_misnested.ofx": {
    bankKey: "amex",
    statements: [
      {
        account: "379700001111222",
        currency: "USD",
        count: 3,
        closing: bal("-2356.38", "2014-01-12"),
        first: row("2013-11-24", "-143.94", "320133280255184014", "7101466 RESTAURANT", "PRUNE NEW YORK"),
        last: row("2013-11-26", "-18.76", "320133300285014247", "GROCERY STORE"),
      },
    ],
  },
  "ofx/npkgofx_br_cp1252_accented_memo.ofx": {
    bankKey: "banco_do_brasil_s_a",
    statements: [
      {
        account: "10018-8",
        currency: "BRL",
        count: 151,
        closing: bal("2592221.45", "2021-06-02"),
        first: row("2021-06-01", "385000.00", "20210601038500000", "DEPÓSITO ONLINE"),
        last: row("2021-06-02", "5000.00", "202106020500000", "TRANSFERÊNCIA RECEBIDA"),
      },
    ],
  },
  "ofx/ofxsharp_utf8_bom_crlf_tabs.ofx": {
    bankKey: "second_luddite_federal_credit_union",
    statements: [
      {
        account: "1111111111",
        currency: "USD",
        count: 3,
        closing: bal("5572.98", "2019-03-08"),
        first: row("2019-02-28", "0.21", "201902281", "Credit Dividend"),
        last: row("2019-01-31", "0.02", "201901313", "Credit Dividend"),
      },
      {
        account: "2222222222",
        currency: "USD",
        count: 2,
        closing: bal("5678.74", "2019-03-08"),
        first: row("2019-03-03", "-399.92", "201903034", "ACH Debit PUGET SOUND ENER BILLPAY BILLPAY"),
      },
      { account: "3333333333", currency: "USD", count: 2, closing: bal("123.39", "2019-03-08") },
      {
        account: "4444444444",
        currency: "USD",
        count: 3,
        closing: bal("7007.02", "2019-03-08"),
        last: row("2019-01-15", "-10000.00", "2019011510", "ACH Debit IRS"),
      },
      { account: "5555555555555555", currency: "USD", count: 2, closing: bal("-2276.68", "2019-03-08") },
      {
        account: "6666666666",
        currency: "USD",
        count: 3,
        closing: bal("775016.85", "2019-03-08"),
        last: row("2019-02-09", "-6666.18", "2019020915", "CITI AUTOPAY"),
      },
      { account: "7777777777", currency: "USD", count: 0, closing: bal("6.03", "2019-03-08") },
    ],
  },
  "ofx/ofxsharp_br_bradesco_leading_blank_line.ofx": {
    bankKey: null,
    statements: [
      {
        account: "99999",
        currency: "BRL",
        count: 3,
        // DTASOF is 00000000: the statement end date (DTEND 20190509) stands in.
        closing: bal("17071.23", "2019-05-09"),
        first: row("2019-04-30", "10.00", "N1013F", "RESGATE INVEST"),
        last: row("2019-04-30", "-22785.76", "N10167", "APLICACAO EM FUNDOS"),
      },
    ],
  },
  "ofx/ofxsharp_br_santander.ofx": {
    bankKey: "santander",
    statements: [
      {
        account: "9999999999999",
        currency: "BRL",
        count: 3,
        closing: bal("9999.99", "2014-02-03"),
        first: row("2013-11-07", "-11.11", "00510367", "DEBITO VISA ELECTRON BRASIL"),
        last: row("2013-11-08", "-333.33", "00330867", "DEBITO VISA ELECTRON BRASIL"),
      },
    ],
  },
  "qfx/reds_ally_no_header_values_on_next_line.qfx": {
    bankKey: "great_bank_of_orangeland",
    statements: [
      {
        account: "23456",
        currency: "USD",
        count: 2,
        closing: bal("150.65", "2015-01-01"),
        first: row("2019-01-09", "-55.00", "21302970191741", "Transfer to savings account"),
        last: row("2019-01-09", "-1000", "21302970191741", "Check 23400"),
      },
    ],
  },
  "qfx/reds_capitalone360_checking_xml202_no_xmldecl.qfx": {
    bankKey: "capital_one_bank",
    statements: [
      {
        account: "9876",
        currency: "USD",
        count: 4,
        closing: bal("4321.98", "2023-03-10"),
        first: row("2023-02-28", "0.01", "202302283828", "Monthly Interest Paid", null),
        last: row("2023-01-12", "444.55", "202301121111", "Deposit from BEAN COUNTERS PAYROLL"),
      },
    ],
  },
  "qfx/reds_etrade_brokerage_sgml.QFX": INVESTMENT,
  "qfx/reds_example_ofxdownload_crlf.qfx": INVESTMENT,
  "qfx/reds_vanguard_401k.qfx": INVESTMENT,
};

function checkRow(actual: ParsedTransaction | undefined, expected: Row): void {
  expect(actual).toBeDefined();
  expect({ date: actual!.date, amount: actual!.amount, externalId: actual!.externalId }).toEqual({
    date: expected.date,
    amount: expected.amount,
    externalId: expected.externalId,
  });
  expect(actual!.description).toContain(expected.text);
  if (expected.counterparty !== undefined) expect(actual!.counterparty).toBe(expected.counterparty);
}

function checkStatement(actual: ParsedStatement, expected: Statement): void {
  expect(actual.accountIdentifier).toBe(expected.account);
  expect(actual.currencyCode).toBe(expected.currency);
  expect(actual.transactions).toHaveLength(expected.count);
  expect(actual.closingBalance).toEqual(expected.closing);
  if (expected.first) checkRow(actual.transactions[0], expected.first);
  if (expected.last) checkRow(actual.transactions.at(-1), expected.last);
  for (const transaction of actual.transactions) expect(transaction.currencyCode).toBe(expected.currency);
}

const files = ["ofx", "qfx"].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((name) => `${dir}/${name}`));

describe("OFX/QFX fixtures", () => {
  it("has an expectation for every fixture file", () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)("%s", (file) => {
    const bytes = readFileSync(path.join(FIXTURES, file));
    const expected = EXPECTED[file]!;
    expect(looksLikeOfx(bytes)).toBe(true);
    const hint = file.toLowerCase().endsWith(".qfx") ? "qfx" : "ofx";
    if ("refused" in expected) {
      expect(() => parseOfx(bytes, {}, hint)).toThrow(StatementUnreadableError);
      expect(() => parseOfx(bytes, {}, hint)).toThrow(expected.refused);
      return;
    }
    const parsed = parseOfx(bytes, {}, hint);
    expect(parsed.fileType).toBe(hint);
    expect(parsed.bankKey).toBe(expected.bankKey);
    expect(parsed.amountSemantics).toBe("signed_debit_negative");
    expect(parsed.amountSemanticsRequired).toBe(false);
    expect(parsed.statements).toHaveLength(expected.statements.length);
    expected.statements.forEach((statement, i) => checkStatement(parsed.statements[i]!, statement));
    const rows = parsed.statements.flatMap((statement) => statement.transactions.map((transaction) => transaction.row));
    expect(rows).toEqual(rows.map((_, i) => i + 1));
  });
});
