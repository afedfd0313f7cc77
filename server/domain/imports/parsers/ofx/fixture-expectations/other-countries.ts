/**
 * Samples from banks in Australia, Brazil and Germany.
 */
import { bal, type ExpectedFile, type RefusedFile, row } from "../../statement-expectations-testing";

export const OTHER_COUNTRIES: Record<string, ExpectedFile | RefusedFile> = {
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
};
