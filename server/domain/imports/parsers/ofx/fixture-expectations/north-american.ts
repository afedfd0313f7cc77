/**
 * Samples from banks and brokers in the United States and Canada, Quicken's QFX files among them.
 * Investment statements are refused: only bank and card statements are read.
 */
import { bal, type ExpectedFile, type RefusedFile, row } from "../../statement-expectations-testing";

const INVESTMENT = { refused: /investment statements are not supported/ };

export const NORTH_AMERICAN: Record<string, ExpectedFile | RefusedFile> = {
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
  "ofx/ofxparse_vanguard_invest_crcrlf.ofx": INVESTMENT,
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
