/**
 * Samples from payment providers (PayPal, Adyen) and generic exports that no bank profile knows:
 * spreadsheets, a credit union and hledger's example.
 */
import type { FixtureExpectation } from "../csv-fixtures-testing";

export const PROVIDERS_AND_GENERIC: Record<string, FixtureExpectation> = {
  "csv2ofx_creditunion_cr_only_line_endings.csv": {
    count: 8,
    first: ["2015-02-08", "50000", "Ằdøłƥh Noƴa"],
    last: ["2015-03-25", "50000", "Ƣunȡuƙi Chairman"],
    bankKey: "generic_csv",
    semantics: null,
    required: true,
    currency: null,
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
};
