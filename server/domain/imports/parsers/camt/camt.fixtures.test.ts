import { readFileSync } from "node:fs";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { fixtureFiles, fixturePath } from "../../statement-fixtures";
import { parseCamt } from "./parse-camt";

/**
 * Every CAMT sample statement, with values read from the files by hand: booked entries (Sts BOOK),
 * DBIT negative, batches split when each TxDtls gives its amount and they add up to the entry.
 */

interface Row {
  date: string;
  amount: string;
  externalId: string | null;
  counterparty: string | null;
  text: string;
}
interface Statement {
  account: string | null;
  currency: string;
  count: number;
  sum: string;
  opening: string | null;
  closing: string | null;
  first?: Row;
}
interface Expected {
  bankKey: string;
  statements: Statement[];
  warning?: RegExp;
}

const row = (
  date: string,
  amount: string,
  externalId: string | null,
  counterparty: string | null,
  text: string,
): Row => ({
  date,
  amount,
  externalId,
  counterparty,
  text,
});
const genkgoStatement = (closing: string, count = 1, sum = "8.85"): Statement => ({
  account: "NL26VAYB8060476890",
  currency: "EUR",
  count,
  sum,
  opening: "18.15",
  closing,
});

const EXPECTED: Record<string, Expected> = {
  "genkgo_camt052_v01_report.xml": {
    bankKey: "camt052",
    statements: [
      {
        account: "CH2801234000123456789",
        currency: "SEK",
        count: 1,
        sum: "-200000",
        opening: null,
        closing: null,
        first: row("2007-10-18", "-200000", "AAAASESS-FP-ACCR-01", null, "Credit"),
      },
    ],
  },
  "genkgo_camt052_v06_pending_only.xml": {
    bankKey: "camt052",
    statements: [
      { account: "CH2801234000123456789", currency: "CHF", count: 0, sum: "0", opening: null, closing: null },
    ],
    warning: /^1 entry not booked yet \(status PDNG\) left out\.$/,
  },
  "genkgo_camt052_v08_status_code.xml": {
    bankKey: "camt052",
    statements: [
      {
        account: "CH2801234000123456789",
        currency: "SEK",
        count: 1,
        sum: "-200000",
        opening: null,
        closing: null,
        first: row("2007-10-18", "-200000", "AAAASESS-FP-ACCR-01", null, "Credit"),
      },
    ],
  },
  "genkgo_camt053_v02_five_decimals.xml": {
    bankKey: "camt053",
    statements: [{ ...genkgoStatement("27.050"), opening: "18.150", sum: "8.85" }],
  },
  // Two statements of one account, merged: the opening of the first, the closing of the second.
  "genkgo_camt053_v02_multi_statement.xml": {
    bankKey: "camt053",
    statements: [
      {
        ...genkgoStatement("20.00", 2, "1.85"),
        first: row("2014-12-31", "8.85", "000000001", null, "Transaction Description 1"),
      },
    ],
  },
  "genkgo_camt053_v03.xml": {
    bankKey: "camt053",
    statements: [
      {
        ...genkgoStatement("-27.00"),
        first: row("2014-12-31", "8.85", "XXXXXXXXXXXXXXXXXXXXXXEUR", "NAME NAME", "4654654654654654"),
      },
    ],
  },
  "genkgo_camt053_v04.xml": {
    bankKey: "camt053",
    statements: [
      {
        ...genkgoStatement("-27.00"),
        first: row("2014-12-31", "8.85", "AAAASESS-FP-CN_98765/01", "NAME NAME", "4654654654654654"),
      },
    ],
  },
  "genkgo_camt053_v08_party_pty.xml": {
    bankKey: "camt053",
    statements: [
      {
        ...genkgoStatement("-27.00"),
        first: row("2014-12-31", "8.85", "AAAASESS-FP-CN_98765/01", "NAME NAME", "4654654654654654"),
      },
    ],
  },
  // Three TxDtls without amounts: one transaction, what the balance moved by.
  "genkgo_camt054_v02_batch.xml": {
    bankKey: "camt054",
    statements: [
      {
        account: "CH2801234000123456789",
        currency: "SEK",
        count: 1,
        sum: "-200000",
        opening: null,
        closing: null,
        first: row("2007-10-18", "-200000", "AAAASESS-FP-ACCR001", null, "Batch of 3 transactions"),
      },
    ],
  },
  "genkgo_camt054_v08_batch.xml": {
    bankKey: "camt054",
    statements: [
      {
        account: "CH2801234000123456789",
        currency: "SEK",
        count: 1,
        sum: "-200000",
        opening: null,
        closing: null,
        first: row("2007-10-18", "-200000", "ACSR160617103200001", null, "Order"),
      },
    ],
  },
  // Three entries; the reversal entry is a batch of two direct debits (564.05 + 100.00).
  "oca_camt053_v02_abnamro_batch_reversal.xml": {
    bankKey: "camt053",
    statements: [
      {
        account: "NL77ABNA0574908765",
        currency: "EUR",
        count: 4,
        sum: "-12.99",
        opening: "15568.27",
        closing: "15121.12",
        first: row(
          "2014-01-05",
          "-754.25",
          "435005714488-ABNO33052620",
          "INSURANCE COMPANY TESTX",
          "Insurance policy 857239PERIOD 01.01.2014 - 31.12.2014",
        ),
      },
    ],
  },
  "oca_camt053_v02_no_entries.xml": {
    bankKey: "camt053",
    statements: [
      { account: "NL77ABNA0574908765", currency: "CHF", count: 0, sum: "0", opening: "1520.76", closing: "1520.76" },
    ],
  },
  // One credit of 3483.00 split into its two payments; both share the batch's id, so the entry's id is numbered.
  "oca_camt053_v02_txdtls.xml": {
    bankKey: "camt053",
    statements: [
      {
        account: "CH1111000000123456789",
        currency: "CHF",
        count: 2,
        sum: "3483",
        opening: "75960.15",
        closing: "79443.15",
        first: row(
          "2017-03-22",
          "2187.00",
          "20170323001234567891234567891234/1",
          "Banque Cantonale Vaudoise",
          "302388292000011111111111111",
        ),
      },
    ],
  },
  "oca_camt054_v02_notification.xml": {
    bankKey: "camt054",
    statements: [
      {
        account: "NL77ABNA0574908765",
        currency: "EUR",
        count: 1,
        sum: "5",
        opening: null,
        closing: null,
        first: row("2022-01-26", "5.00", "98888208N8", "Test Customer", "Additional entry info"),
      },
    ],
  },
};

describe("CAMT fixtures", () => {
  it("has an expectation for every file of the folder", () => {
    expect(
      fixtureFiles("camt")
        .map((file) => file.name)
        .sort(),
    ).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))("%s", (name, expected) => {
    const parsed = parseCamt(readFileSync(fixturePath("camt", name)));
    expect(parsed.bankKey).toBe(expected.bankKey);
    expect(parsed.statements).toHaveLength(expected.statements.length);
    parsed.statements.forEach((statement, index) => {
      const want = expected.statements[index]!;
      const sum = statement.transactions.reduce((total, t) => total.plus(t.amount), new Decimal(0));
      expect({
        account: statement.accountIdentifier,
        currency: statement.currencyCode,
        count: statement.transactions.length,
        sum: sum.toFixed(),
        opening: statement.openingBalance?.amount ?? null,
        closing: statement.closingBalance?.amount ?? null,
      }).toEqual({ ...want, first: undefined, sum: new Decimal(want.sum).toFixed() } as unknown as Statement & {
        first: undefined;
      });
      if (want.first) {
        const first = statement.transactions[0]!;
        expect({
          date: first.date,
          amount: first.amount,
          externalId: first.externalId,
          counterparty: first.counterparty,
          text: first.description,
        }).toEqual(want.first);
      }
    });
    if (expected.warning) expect(parsed.warnings).toEqual([expect.stringMatching(expected.warning)]);
  });
});
