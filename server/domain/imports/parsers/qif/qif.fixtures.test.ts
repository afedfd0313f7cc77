import { readFileSync } from "node:fs";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { fixtureFiles, fixturePath } from "../../statement-fixtures";
import { unreadableBy } from "../testing";
import { parseQif } from "./parse-qif";

/**
 * Every QIF sample file, with values read from the files by hand: one statement per `!Account`
 * (bank, cash, card, other asset/liability), splits kept as one row, Quicken's "Opening Balance"
 * self-transfer as the opening balance, investment accounts left out.
 */

interface Statement {
  name: string | null;
  account: string | null;
  count: number;
  sum: string;
  opening?: string;
  first: {
    date: string;
    amount: string;
    counterparty: string | null;
    text: string;
    category: string | null;
    splits?: number;
  };
}
interface Expected {
  statements: Statement[];
  encoding: string;
  /** A fragment each warning must hold, in order. */
  warnings: RegExp[];
}

const MONTH_FIRST_ASSUMED = /read month first \(MM\/DD\), as Quicken writes them/;
const INVESTMENT_LEFT_OUT = /!Type:Invst .*left out: investment statements are not supported/;
const quiffen: Expected = {
  encoding: "utf-8",
  statements: [
    {
      name: null,
      account: null,
      count: 5,
      sum: "-35.50",
      opening: "0.00",
      first: {
        date: "2020-02-14",
        amount: "67.50",
        counterparty: "T-Mobile",
        text: "T-Mobile",
        category: "Bills:Cell Phone/Test class",
        splits: 2,
      },
    },
  ],
  warnings: [INVESTMENT_LEFT_OUT],
};
const someCharacters = (encoding: string): Expected => ({
  encoding,
  statements: [
    {
      name: null,
      account: null,
      count: 1,
      sum: "-379",
      first: {
        date: "2010-03-03",
        amount: "-379.00",
        counterparty: "SOME £$™€ CHARACTERS",
        text: "SOME £$™€ CHARACTERS",
        category: null,
      },
    },
  ],
  warnings: [MONTH_FIRST_ASSUMED],
});

const EXPECTED: Record<string, Expected> = {
  "csv2ofx_cash_and_bank_utf8_splits.qif": {
    encoding: "utf-8",
    statements: [
      {
        name: "Cash",
        account: null,
        count: 2,
        sum: "95000",
        first: {
          date: "2015-03-24",
          amount: "45000.00",
          counterparty: "Tchênzema Tchênzema",
          text: "Tchênzema Tchênzema",
          category: null,
          splits: 1,
        },
      },
      {
        name: "Checking",
        account: null,
        count: 6,
        sum: "370000",
        first: {
          date: "2015-02-08",
          amount: "50000.00",
          counterparty: "Ằdøłƥh Noƴa",
          text: "Ằdøłƥh Noƴa",
          category: null,
          splits: 1,
        },
      },
    ],
    warnings: [],
  },
  "csv2ofx_two_bank_accounts.qif": {
    encoding: "utf-8",
    statements: [
      {
        name: "Checking",
        account: null,
        count: 3,
        sum: "-2000",
        first: {
          date: "2015-06-12",
          amount: "-1500.00",
          counterparty: "Transfer from Savings",
          text: "Account Transfer",
          category: null,
          splits: 1,
        },
      },
      {
        name: "Savings",
        account: null,
        count: 1,
        sum: "-1000",
        first: {
          date: "2015-06-12",
          amount: "-1000.00",
          counterparty: "Transfer from Checking",
          text: "Account Transfer",
          category: null,
          splits: 1,
        },
      },
    ],
    warnings: [],
  },
  "csv2ofx_ubs_ch_iso_dates_account_number.qif": {
    encoding: "utf-8",
    statements: [
      {
        name: "0123 45678901.23A",
        account: "0123 45678901.23A",
        count: 3,
        sum: "30",
        first: {
          date: "2019-03-31",
          amount: "-10.00",
          counterparty: null,
          text: "Solde prix prestations",
          category: "Solde prix prestations",
        },
      },
    ],
    warnings: [],
  },
  // Quicken's own example (QIF spec): "6/ 1/94" dates, a split mortgage payment, address lines.
  "qif2json_spec_example_splits_address.qif": {
    encoding: "utf-8",
    statements: [
      {
        name: null,
        account: null,
        count: 3,
        sum: "-935",
        first: {
          date: "1994-06-01",
          amount: "-1000.00",
          counterparty: "Bank Of Mortgage",
          text: "Bank Of Mortgage",
          category: "[linda]",
          splits: 2,
        },
      },
    ],
    warnings: [/read month first \(MM\/DD\), the order in which consecutive rows lie closest together/],
  },
  "qif2json_utf8_bom_no_final_newline.qif": someCharacters("utf-8"),
  "qif2json_windows1252.qif": someCharacters("windows-1252"),
  // Day first: 23/10/2013. The investment account "My Cc" is left out.
  "qifparse_accounts_cash_invst_ddmmyyyy.qif": {
    encoding: "utf-8",
    statements: [
      {
        name: "My Cash",
        account: null,
        count: 3,
        sum: "-23.5",
        first: { date: "2013-10-23", amount: "-6.50", counterparty: null, text: "", category: "food:lunch" },
      },
    ],
    warnings: [INVESTMENT_LEFT_OUT],
  },
  "quiffen_lists_bank_and_invst_apostrophe_year.qif": quiffen,
  "quiffen_oth_a.qif": quiffen,
  "quiffen_split_u_amount.qif": {
    encoding: "utf-8",
    statements: [
      {
        name: null,
        account: null,
        count: 1,
        sum: "-10",
        first: {
          date: "2000-01-01",
          amount: "-10.00",
          counterparty: "A Payee",
          text: "A Payee",
          category: null,
          splits: 2,
        },
      },
    ],
    warnings: [MONTH_FIRST_ASSUMED],
  },
};

const INVESTMENT_ONLY = "qif2json_investment_only.qif";

describe("QIF fixtures", () => {
  it("has an expectation for every file of the folder", () => {
    expect(
      fixtureFiles("qif")
        .map((file) => file.name)
        .sort(),
    ).toEqual([...Object.keys(EXPECTED), INVESTMENT_ONLY].sort());
  });

  it("refuses the investment-only file naming its type", () => {
    expect(unreadableBy(() => parseQif(readFileSync(fixturePath("qif", INVESTMENT_ONLY)))).message).toMatch(
      /investment statements are not supported: the file holds a QIF investment account \(!Type:Invst\)/,
    );
  });

  it.each(Object.entries(EXPECTED))("%s", (name, expected) => {
    const parsed = parseQif(readFileSync(fixturePath("qif", name)));
    expect(parsed.optionsUsed?.encoding).toBe(expected.encoding);
    expect(parsed.warnings).toEqual(expected.warnings.map((warning) => expect.stringMatching(warning)));
    expect(
      parsed.statements.map((statement) => {
        const first = statement.transactions[0]!;
        return {
          name: statement.accountName ?? null,
          account: statement.accountIdentifier,
          count: statement.transactions.length,
          sum: statement.transactions.reduce((total, t) => total.plus(t.amount), new Decimal(0)).toFixed(),
          ...(statement.openingBalance ? { opening: statement.openingBalance.amount } : {}),
          first: {
            date: first.date,
            amount: first.amount,
            counterparty: first.counterparty,
            text: first.description,
            category: first.category ?? null,
            ...(first.splits ? { splits: first.splits.length } : {}),
          },
        };
      }),
    ).toEqual(expected.statements.map((statement) => ({ ...statement, sum: new Decimal(statement.sum).toFixed() })));
  });
});
