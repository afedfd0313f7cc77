/**
 * Every CSV fixture in the shared folder, with values read from the files themselves (decoded with
 * iconv where they are not UTF-8): transaction count, first and last transaction, bank profile and
 * sign convention.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AmountSemantics, ParsedFile, ParsedTransaction } from "../types";
import { decodeCsvBytes } from "./encoding";
import { parseCsv } from "./index";

const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements/csv");

interface Expected {
  count: number;
  first: [date: string, amount: string, description: string];
  last: [date: string, amount: string, description: string];
  bankKey: string;
  semantics: AmountSemantics | null;
  required?: boolean;
  currency?: string | null;
  closing?: { amount: string; date: string } | null;
}

const EXPECTED: Record<string, Expected> = {
  "bank2ynab_at_raiffeisen_pipe.dat": {
    count: 11,
    first: ["2019-03-11", "-89.30", "POS 6,49 AT K1 09.03. 09:53"],
    last: ["2019-03-13", "-170.63", "POS 12,40 AT K2"],
    bankKey: "raiffeisen_at",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "bank2ynab_be_kbc.csv": {
    count: 1,
    first: ["2018-02-28", "-3.40", "28-02 KBC-PLUSREKENING"],
    last: ["2018-02-28", "-3.40", "BIJDRAGE 01-02-2018"],
    bankKey: "kbc",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "219.95", date: "2018-02-28" },
  },
  "bank2ynab_cz_ceska_sporitelna_masked.csv": {
    count: 9,
    first: ["1111-11-11", "-111.11", "XXXXXXXXXXXX1111"],
    last: ["1111-11-11", "-1111.11", "XXXXXXXXXXXX1111"],
    bankKey: "ceska_sporitelna",
    semantics: "signed_debit_negative",
    currency: "CZK",
  },
  "bank2ynab_cz_raiffeisen_cp1250.csv": {
    count: 1,
    first: ["2018-05-27", "-1.00", "Memo for me test"],
    last: ["2018-05-27", "-1.00", "Memo for me test"],
    bankKey: "raiffeisen_cz",
    semantics: "signed_debit_negative",
    currency: "CZK",
  },
  "bank2ynab_de_commerzbank.CSV": {
    count: 1,
    first: ["2018-03-02", "-17.22", "Kartenzahlung REWE SAGT DANKE"],
    last: ["2018-03-02", "-17.22", "41400673//Hamburg"],
    bankKey: "commerzbank",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "bank2ynab_de_n26.csv": {
    count: 1,
    first: ["2017-10-01", "-59.99", "NINTENDO OF EUROPE"],
    last: ["2017-10-01", "-59.99", "NINTENDO"],
    bankKey: "n26",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "bank2ynab_de_sparkasse_rostock_creditcard_latin1.CSV": {
    count: 1,
    first: ["2018-02-20", "-5.00", "AMREST STARBUCKS"],
    last: ["2018-02-20", "-5.00", "STARBUCKS"],
    bankKey: "sparkasse_card",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "bank2ynab_de_sparkasse_rostock_umsatz.CSV": {
    count: 1,
    first: ["2018-02-22", "-36.99", "SVWZ+02/2018 K-NR. 132587495"],
    last: ["2018-02-22", "-36.99", "www.vodafone.de/meinkabel"],
    bankKey: "sparkasse",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "bank2ynab_hu_erste.csv": {
    count: 2,
    first: ["2019-04-19", "-350", "payee"],
    last: ["2019-04-17", "1290", "payee"],
    bankKey: "erste_hu",
    semantics: "signed_debit_negative",
    currency: "HUF",
    closing: { amount: "2345.56", date: "2019-04-19" },
  },
  "bank2ynab_ie_bankofireland_debit_credit.csv": {
    count: 27,
    first: ["2017-09-01", "428.03", "Random Name GP"],
    last: ["2017-09-28", "-818.0", "CU Lin SO"],
    bankKey: "bank_of_ireland",
    semantics: "split_columns",
  },
  "bank2ynab_nl_bunq.csv": {
    count: 7,
    first: ["2018-12-06", "-8.78", "CLOUDFLARE 650-3198939, US 9.95 USD"],
    last: ["2018-12-17", "-7.99", "NETFLIX.COM 14087249160, NL"],
    bankKey: "bunq",
    semantics: "signed_debit_negative",
  },
  "bank2ynab_nl_rabobank_latin1_crlf.csv": {
    count: 3,
    first: ["2018-03-01", "-337.49", "RENTE LENING"],
    last: ["2018-03-16", "-750.00", "Naar Bunq"],
    bankKey: "rabobank",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "12334.53", date: "2018-03-16" },
  },
  "bank2ynab_sg_ocbc_preamble_multiline.csv": {
    count: 8,
    first: ["2018-04-18", "-6.66", "DEBIT PURCHASE 15/04/18 66-6666 UBER EATS AN2GO HELP.UBERh"],
    last: ["2018-04-13", "-6.66", "DEBIT PURCHASE 66-6666 TOAST BO6-MANULIFE CTR S 10/04/18"],
    bankKey: "ocbc",
    semantics: "split_columns",
    currency: "SGD",
  },
  "bank2ynab_sg_posb_noheader.csv": {
    count: 1,
    first: ["2018-02-27", "-7.80", "MCDONALD'S (TAM KIOSK) SI NG 22FEB"],
    last: ["2018-02-27", "-7.80", "MCDONALD'S"],
    bankKey: "posb",
    semantics: "split_columns",
    currency: "SGD",
  },
  "bank2ynab_uk_barclaycard_noheader.csv": {
    count: 1,
    first: ["2018-02-10", "-20.59", "Shop Name, AnyTown20.59 POUND STERLING"],
    last: ["2018-02-10", "-20.59", "GREAT BRITAIN"],
    bankKey: "barclaycard",
    semantics: "signed_debit_positive",
    currency: "GBP",
  },
  "bank2ynab_uk_firstdirect.csv": {
    count: 1,
    first: ["2018-02-10", "-5.00", "MERCHANT NAME@12:34"],
    last: ["2018-02-10", "-5.00", "MERCHANT NAME"],
    bankKey: "first_direct",
    semantics: "signed_debit_negative",
    currency: "GBP",
    closing: { amount: "995.00", date: "2018-02-10" },
  },
  "bank2ynab_uk_johnlewis_card_bom_pound.csv": {
    count: 10,
    first: ["2019-12-12", "-1183.23", "ROYAL LONDON INSURANCE 01222 61234 GBR"],
    last: ["2019-12-02", "1100.00", "PAYMENT RECEIVED - THANK YOU"],
    bankKey: "john_lewis",
    semantics: "indicator_column",
    currency: "GBP",
  },
  "bank2ynab_uk_monzo.csv": {
    count: 1,
    first: ["2018-02-25", "-10", "Tesco"],
    last: ["2018-02-25", "-10", "Tesco"],
    bankKey: "monzo",
    semantics: "signed_debit_negative",
    currency: "GBP",
  },
  "beancountimport_us_schwab_checking_title_and_marker_rows.CSV": {
    count: 12,
    first: ["2021-07-30", "3.00", "ATM Fee Rebate"],
    last: ["2021-11-01", "1234.56", "Deposit Mobile Banking"],
    bankKey: "schwab_checking",
    semantics: "split_columns",
    currency: "USD",
    closing: { amount: "7890.00", date: "2021-11-01" },
  },
  "beancountimport_us_venmo_signed_dollar.csv": {
    count: 11,
    first: ["2017-04-25", "-220.00", "Tutoring"],
    last: ["2022-02-18", "-22.84", "Distant Treats"],
    bankKey: "venmo",
    semantics: "signed_debit_negative",
    currency: "USD",
  },
  "csv2beancount_de_ingdiba_13_preamble_lines.csv": {
    count: 6,
    first: ["2019-04-26", "3784.22", "LOHN / GEHALT 04/19"],
    last: ["2019-04-23", "-18.99", "KAUFUMSATZ 16.04 ARN74830729107212345632429"],
    bankKey: "ing_de",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "12604.42", date: "2019-04-26" },
  },
  "csv2ofx_ca_pcmastercard_mmddyyyy.csv": {
    count: 2,
    first: ["2019-01-10", "-36.33", "Mobil"],
    last: ["2018-12-15", "-13.98", "APL*ITUNES.COM/BILL"],
    bankKey: "pc_mastercard",
    semantics: "signed_debit_positive",
    currency: "CAD",
  },
  "csv2ofx_ch_ubs_fr_apostrophe_thousands.csv": {
    count: 3,
    first: ["2019-03-31", "-10.00", "Solde prix prestations"],
    last: ["2019-04-27", "-200.00", "Ordre e-banking REMB-CASH"],
    bankKey: "ubs",
    semantics: "split_columns",
    currency: "CHF",
    closing: { amount: "11413.94", date: "2019-04-27" },
  },
  "csv2ofx_creditunion_cr_only_line_endings.csv": {
    count: 8,
    first: ["2015-02-08", "50000", "Ằdøłƥh Noƴa"],
    last: ["2015-03-25", "50000", "Ƣunȡuƙi Chairman"],
    bankKey: "generic_csv",
    semantics: null,
    required: true,
    currency: null,
  },
  "csv2ofx_de_gls_latin1_vwz_columns.csv": {
    count: 1,
    first: ["2017-10-10", "-98.76", "B4658645 U123456789 B123456 987 SIMply Rechnung"],
    last: ["2017-10-10", "-98.76", "SIMply"],
    bankKey: "gls",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "1234.56", date: "2017-10-10" },
  },
  "csv2ofx_de_outbank_md_yy_decimal_comma.csv": {
    count: 4,
    first: ["2019-02-20", "100.00", "Jane Doe"],
    last: ["2019-01-05", "-25.00", "Your purchase at STEAM GAMES"],
    bankKey: "outbank",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "csv2ofx_es_ing_ddmmyyyy_crlf.csv": {
    count: 10,
    first: ["2022-03-24", "2.83", "Abono por campaña Abono Shopping NARANJA:GALP"],
    last: ["2022-11-13", "500.00", "Traspaso recibido Cuenta Nómina"],
    bankKey: "ing_es",
    semantics: "signed_debit_negative",
    closing: { amount: "318.88", date: "2022-12-31" },
  },
  "csv2ofx_us_capitalone_card_debit_credit_iso.csv": {
    count: 2,
    first: ["2016-01-02", "-1000.00", "Airplanes R Us"],
    last: ["2016-01-02", "1000.00", "CAPITAL ONE AUTOPAY PYMT"],
    bankKey: "capital_one",
    semantics: "split_columns",
    currency: "USD",
  },
  "hledger_fr_cp1252_euro_no_final_newline.csv": {
    count: 3,
    first: ["2012-03-22", "50.00", "DÉPÔT"],
    last: ["2012-03-24", "-20.00", "CAFÉ — €20 REÇU"],
    bankKey: "generic_csv",
    semantics: "signed_debit_negative",
  },
  "oca_adyen_settlement_report.csv": {
    count: 3,
    first: ["2022-02-22", "454331.99", "Balancetransfer from batch 237"],
    last: ["2022-03-02", "-454331.90", "Balancetransfer to batch 239"],
    bankKey: "adyen",
    semantics: "split_columns",
    currency: "USD",
  },
  // 14 of its 76 rows have the status "Pending": not booked yet, so left out.
  "oca_paypal_activity_en.csv": {
    count: 62,
    first: ["2015-12-29", "79.75", "General Payment"],
    last: ["2016-11-01", "3897.58", "General Currency Conversion"],
    bankKey: "paypal",
    semantics: "signed_debit_negative",
  },
  "oca_paypal_statement_es_decimal_comma.csv": {
    count: 4,
    first: ["2020-01-02", "47.59", "Pago estándar"],
    last: ["2020-01-03", "21.47", "Pago estándar"],
    bankKey: "paypal",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "4710.30", date: "2020-01-03" },
  },
  "oca_sheet_dc_indicator_column.csv": {
    count: 2,
    first: ["2018-12-15", "-33.50", "Your best supplier"],
    last: ["2018-12-15", "1533.50", "Your payment"],
    bankKey: "generic_csv",
    semantics: "indicator_column",
  },
  "oca_sheet_debit_credit_columns.csv": {
    count: 4,
    first: ["2018-12-15", "20.00", "Credit 20.00"],
    last: ["2018-12-15", "-1500.00", "Debit 1500"],
    bankKey: "generic_csv",
    semantics: "split_columns",
  },
  "oca_sheet_empty_lines.csv": {
    count: 3,
    first: ["2018-02-25", "-33.50", "AAAOOO 1"],
    last: ["2018-02-27", "800.00", "AAAOOO 3"],
    bankKey: "generic_csv",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "oca_sheet_preamble_debit_credit_decimal_comma.csv": {
    count: 4,
    first: ["2020-04-01", "-50.00", "LABEL 1 DETAILS 1"],
    last: ["2020-04-02", "1300.00", "LABEL 4 DETAILS 3"],
    bankKey: "generic_csv",
    semantics: "split_columns",
    currency: "EUR",
  },
  "ofxstmt_at_easybank_giro_noheader_latin1_crlf.csv": {
    count: 10,
    first: ["2014-01-01", "-0.42", "Einbehaltene KESt BG/000000001"],
    last: ["2015-10-07", "9.98", "/INV/123456790 1.10.2015 MB/000000010"],
    bankKey: "easybank",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "ofxstmt_at_ingdiba_soll_haben.csv": {
    count: 6,
    first: ["2013-12-31", "12.23", "Habenzinsen"],
    last: ["2013-08-13", "10.00", "Prämie Foo"],
    bankKey: "ing_at",
    semantics: "split_columns",
    currency: "EUR",
  },
  "ofxstmt_at_livebank_iso_dates_crlf.csv": {
    count: 6,
    first: ["2013-07-03", "150.00", "A name A text REF: XXXX"],
    last: ["2013-05-03", "0.00", "Änderungsmitteilung gemäß Paragraph 29 ZaDiG"],
    bankKey: "livebank",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "ofxstmt_at_oberbank_latin1.csv": {
    count: 5,
    first: ["2017-03-15", "-11.00", "Zahlungsreferenz, Empfängername"],
    last: ["2017-03-15", "10.00", "SCOR Verwendungszweck"],
    bankKey: "oberbank",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "ofxstmt_de_ingdiba_latin1_preamble.csv": {
    count: 9,
    first: ["2018-12-28", "-5.50", "PP.1234.PP . Blumen Berther"],
    last: ["2018-12-09", "-2.90", "OnlineTicket Neustadter Verkehr"],
    bankKey: "ing_de",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "150.00", date: "2018-12-28" },
  },
  // The first row's Info says "Umsatz vorgemerkt": not booked yet, so left out.
  "ofxstmt_de_sparkasse_freiburg_csvcamt_latin1.csv": {
    count: 17,
    first: ["2018-04-03", "-62.59", "2018-03-30T17:47:21 Karte1 2018-11"],
    last: ["2018-03-21", "-16.49", "20.03.18 1234123412341234"],
    bankKey: "sparkasse",
    semantics: "signed_debit_negative",
    currency: "EUR",
  },
  "ofxstmt_nl_asn_noheader.csv": {
    count: 11,
    first: ["2022-06-17", "223.77", "XXXXXXXXX Z Z Z Z"],
    last: ["2022-07-11", "-560.00", "M XXXXXXXXX ET MME YYYYYYYYY"],
    bankKey: "asn",
    semantics: "signed_debit_negative",
    currency: "EUR",
    closing: { amount: "84.24", date: "2022-07-11" },
  },
  "ofxstmt_nl_degiro_account_blank_headers.csv": {
    count: 27,
    first: ["2019-12-27", "0.19", "Dividend VANECK AEX"],
    last: ["2019-01-02", "-0.02", "Rente"],
    bankKey: "degiro",
    semantics: "signed_debit_negative",
  },
  "ofxstmt_nl_ing_afbij_yyyymmdd.csv": {
    count: 6,
    first: ["2020-02-13", "-1.25", "Kosten OranjePakket met korting"],
    last: ["2019-12-13", "-0.31", "25 nov t/m 30 nov 2019"],
    bankKey: "ing_nl",
    semantics: "indicator_column",
    currency: "EUR",
  },
  "ofxstmt_nl_knab_title_line_creditdebet.csv": {
    count: 28,
    first: ["2019-06-21", "-827.75", "Tresorie"],
    last: ["2019-01-07", "7.02", "Rente"],
    bankKey: "knab",
    semantics: "indicator_column",
    currency: "EUR",
  },
  "reds_us_dcu_dollar_amounts_crlf.csv": {
    count: 10,
    first: ["2021-12-31", "-7971.39", "TRANSFER TO MBR ***0123 ACCT 4 MOBILE BANKING"],
    last: ["2021-12-15", "10000.00", "ELECTRONIC DEPOSIT - 3392 ACME INC DDEPOSIT 121521"],
    bankKey: "dcu",
    semantics: "signed_debit_negative",
    currency: "USD",
    closing: { amount: "500.00", date: "2021-12-31" },
  },
  "reds_us_fidelity_cma_blank_preamble_crlf.csv": {
    count: 11,
    first: ["2023-01-27", "-10000", "DIRECT DEBIT TREASURY DIRECTREAS DRCT (Cash)"],
    last: ["2023-01-05", "2042.12", "DIRECT DEPOSIT HOOGLE INC. PAYROLL (Cash)"],
    bankKey: "fidelity",
    semantics: "signed_debit_negative",
    currency: "USD",
  },
  "reds_us_schwab_brokerage_title_line.csv": {
    count: 11,
    first: ["2023-04-27", "-3320.05", "VANGUARD TOTAL BOND MARKET ETF"],
    last: ["2022-12-15", "980.65", "Tfr JPMORGAN CHASE BAN, NOT AVAILABLE"],
    bankKey: "schwab_brokerage",
    semantics: "signed_debit_negative",
    currency: "USD",
  },
  "reds_us_schwab_checking_withdrawal_deposit.csv": {
    count: 2,
    first: ["2022-07-31", "1.00", "Interest Paid"],
    last: ["2022-02-03", "-2.00", "Electronic Withdrawal"],
    bankKey: "schwab_checking",
    semantics: "split_columns",
    currency: "USD",
    closing: { amount: "2.00", date: "2022-07-31" },
  },
};

function parseFixture(name: string, options = {}): ParsedFile {
  return parseCsv(fs.readFileSync(path.join(FIXTURES, name)), options);
}

function transactionsOf(file: ParsedFile): ParsedTransaction[] {
  return file.statements.flatMap((s) => s.transactions).sort((a, b) => a.row - b.row);
}

describe("CSV fixtures", () => {
  it("has an expectation for every file in the folder", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(fs.readdirSync(FIXTURES).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`reads ${name}`, () => {
      const file = parseFixture(name);
      const transactions = transactionsOf(file);
      expect(file.fileType).toBe("csv");
      expect(file.bankKey).toBe(expected.bankKey);
      expect(file.amountSemantics).toBe(expected.semantics);
      expect(file.amountSemanticsRequired).toBe(expected.required ?? false);
      expect(transactions).toHaveLength(expected.count);
      expect(transactions.map((t) => t.row)).toEqual(transactions.map((_, i) => i + 1));
      const first = transactions[0];
      const last = transactions[transactions.length - 1];
      expect([first?.date, first?.amount]).toEqual([expected.first[0], expected.first[1]]);
      expect(first?.description).toContain(expected.first[2]);
      expect([last?.date, last?.amount]).toEqual([expected.last[0], expected.last[1]]);
      expect(last?.description).toContain(expected.last[2]);
      if (expected.currency !== undefined) expect(first?.currencyCode).toBe(expected.currency);
      if (expected.closing !== undefined) expect(file.statements[0]?.closingBalance).toEqual(expected.closing);
    });
  }
});

describe("CSV fixture details", () => {
  it.each([
    ["bank2ynab_cz_raiffeisen_cp1250.csv", "windows-1250"],
    ["bank2ynab_cz_ceska_sporitelna_masked.csv", "windows-1250"],
    ["hledger_fr_cp1252_euro_no_final_newline.csv", "windows-1252"],
    ["ofxstmt_de_ingdiba_latin1_preamble.csv", "windows-1252"],
    ["bank2ynab_nl_rabobank_latin1_crlf.csv", "windows-1252"],
    ["bank2ynab_uk_johnlewis_card_bom_pound.csv", "utf-8"],
    ["bank2ynab_de_n26.csv", "utf-8"],
  ])("detects the encoding of %s as %s", (name, encoding) => {
    expect(decodeCsvBytes(fs.readFileSync(path.join(FIXTURES, name))).encoding).toBe(encoding);
  });

  it("decodes Windows-1250 Czech text (Česká spořitelna)", () => {
    const fourth = transactionsOf(parseFixture("bank2ynab_cz_ceska_sporitelna_masked.csv"))[3];
    expect(fourth).toMatchObject({ location: "line 5", amount: "-1111.11", counterparty: "XX účXX X ČX, X.X." });
    expect(fourth?.description).toBe("XXXX XXX XXXX XXXX XXXXXXXXXX");
    expect(fourth?.externalId).toBe("1111111111111");
  });

  it("decodes ISO-8859-1 umlauts (ING-DiBa) and compacts the preamble IBAN", () => {
    const file = parseFixture("ofxstmt_de_ingdiba_latin1_preamble.csv");
    expect(file.statements[0]?.accountIdentifier).toBe("DE12345678901234567890");
    const hotel = transactionsOf(file).find((t) => t.counterparty === "VISA Hotel XY");
    expect(hotel).toMatchObject({
      date: "2018-12-10",
      amount: "-150.00",
      description: "Übernachtung in Neuenhausen am 21.05.2017",
      valueDate: "2018-12-28",
    });
  });

  it("keeps the Raiffeisen CZ transaction id, counterparty and account", () => {
    const file = parseFixture("bank2ynab_cz_raiffeisen_cp1250.csv");
    expect(transactionsOf(file)[0]).toMatchObject({
      counterparty: "Name Surname",
      externalId: "3228446118",
      location: "line 2",
    });
    expect(file.statements[0]?.accountIdentifier).toBe("123456789/1234");
  });

  it("counts CR CR LF as two physical lines (Rabobank) and reads the row missing its opening quote", () => {
    const transactions = transactionsOf(parseFixture("bank2ynab_nl_rabobank_latin1_crlf.csv"));
    expect(transactions.map((t) => t.location)).toEqual(["line 3", "line 5", "line 7"]);
    expect(transactions[1]).toMatchObject({
      date: "2018-03-14",
      amount: "50.00",
      counterparty: "Nederlandse Loterij Organisatie B.V.",
      externalId: "000000000000009590",
    });
  });

  it("counts CR-only line endings", () => {
    const transactions = transactionsOf(parseFixture("csv2ofx_creditunion_cr_only_line_endings.csv"));
    expect(transactions.map((t) => t.location)).toEqual([
      "line 2",
      "line 3",
      "line 4",
      "line 5",
      "line 6",
      "line 7",
      "line 8",
      "line 9",
    ]);
  });

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

  it("folds OCBC's continuation lines into the description", () => {
    const file = parseFixture("bank2ynab_sg_ocbc_preamble_multiline.csv");
    expect(transactionsOf(file)[1]?.description).toBe("CCY CONVERSION FEE FOR: 6.66 SGD");
    expect(file.statements[0]?.accountIdentifier).toBe("666-666666-666");
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

  it("reads ASN's balance-before column and quoted descriptions", () => {
    const transactions = transactionsOf(parseFixture("ofxstmt_nl_asn_noheader.csv"));
    expect(transactions[3]).toMatchObject({
      amount: "503.15",
      description: "DIVIDEND 27/06/2022",
      counterparty: "Optimal BV",
    });
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

describe("CSV content under another extension", () => {
  it("reads the Swedbank (LT) export that is quoted CSV named .xls, skipping its balance and turnover lines", () => {
    const bytes = fs.readFileSync(
      path.resolve(FIXTURES, "../xls/bank2ynab_lt_swedbank_csv_content_with_xls_extension.xls"),
    );
    const file = parseCsv(bytes);
    const transactions = transactionsOf(file);
    expect(file.amountSemantics).toBe("indicator_column");
    expect(transactions).toHaveLength(13);
    expect(transactions[0]).toMatchObject({
      date: "2014-10-01",
      amount: "-15.31",
      currencyCode: "LTL",
      counterparty: "X-911 MAXIMA",
    });
    expect(transactions[12]).toMatchObject({ date: "2014-10-06", amount: "2863.63", counterparty: "UAB IMONE" });
    expect(file.statements[0]).toMatchObject({
      accountIdentifier: "LT357300000000000000",
      closingBalance: { amount: "12952.97", date: "2014-10-06" },
    });
    expect(file.warnings).toContain('line 2 is an opening balance ("Opening balance") and was skipped');
  });
});
