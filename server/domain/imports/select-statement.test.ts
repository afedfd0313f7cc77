import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import type { ParsedStatement } from "./parsers/types";
import { routeStatements, type RoutableAccount, type StatementChoice } from "./select-statement";

const statement = (
  accountIdentifier: string | null,
  accountName: string | null = null,
  currencyCode = "EUR",
): ParsedStatement => ({
  accountIdentifier,
  accountName,
  currencyCode,
  openingBalance: null,
  closingBalance: null,
  transactions: [],
});

const TARGET: RoutableAccount = { id: "target", iban: "DE89370400440532013000", accountNumber: null };
const SAVINGS: RoutableAccount = { id: "savings", iban: null, accountNumber: "0532013099" };
const routed = (statements: ParsedStatement[], choice: StatementChoice = {}, target = TARGET) =>
  routeStatements(statements, target, [TARGET, SAVINGS], choice).map((route) => [
    route.account,
    route.accountId,
    route.matchedBy,
  ]);

function refusal(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("which account each statement of a file goes to", () => {
  it("sends a one-statement file to the import's account when it names it, names none, or the account has no number", () => {
    expect(routed([statement("DE89 3704 0044 0532 0130 00")])).toEqual([
      ["DE89 3704 0044 0532 0130 00", "target", "import_account"],
    ]);
    expect(routed([statement(null)])).toEqual([["statement 1", "target", "import_account"]]);
    expect(routed([statement("NL91ABNA0417164300")], {}, { id: "target", iban: null, accountNumber: null })).toEqual([
      ["NL91ABNA0417164300", "target", "import_account"],
    ]);
  });

  it("refuses a one-statement file of another account unless the upload accepts it", () => {
    const refused = refusal(() => routed([statement("NL91ABNA0417164300")]));
    expect(refused.code).toBe("VALIDATION_FAILED");
    expect(refused.message).toContain("NL91ABNA0417164300, which is not this account's");
    expect(routed([statement("NL91ABNA0417164300")], { acceptOtherAccount: true })).toEqual([
      ["NL91ABNA0417164300", "target", "other_account"],
    ]);
  });

  it("routes several statements: the import's account, the one other account with the number, the rest left out", () => {
    expect(
      routed([statement("NL91ABNA0417164300"), statement("DE89370400440532013000"), statement("0532013099")]),
    ).toEqual([
      ["NL91ABNA0417164300", null, null],
      ["DE89370400440532013000", "target", "import_account"],
      ["0532013099", "savings", "identifier"],
    ]);
  });

  it("lets account_map win, with null leaving a statement out, matched however the key is spaced or cased", () => {
    const statements = [statement("NL91ABNA0417164300"), statement("DE89370400440532013000"), statement(null, "Cash")];
    expect(
      routed(statements, {
        accountMap: { "nl91 abna 0417 1643 00": "savings", DE89370400440532013000: null, cash: "target" },
      }),
    ).toEqual([
      ["NL91ABNA0417164300", "savings", "account_map"],
      ["DE89370400440532013000", null, "account_map"],
      ["Cash", "target", "account_map"],
    ]);
  });

  it("prefers the account whose number is the statement's exactly to one whose number it merely holds", () => {
    // The import's account number 40044053 is part of the other account's IBAN: the IBAN is the statement's.
    const target = { id: "target", iban: null, accountNumber: "40044053" };
    const other = { id: "other", iban: "DE89370400440532013000", accountNumber: null };
    expect(
      routeStatements([statement("DE89370400440532013000"), statement("9999")], target, [target, other]).map(
        (route) => route.accountId,
      ),
    ).toEqual(["other", null]);
  });

  it("sends a statement to the account in its currency among those its number fits, and says why one is left out", () => {
    const euros = { id: "euros", iban: "NL91ABNA0417164300", accountNumber: null, currencyCode: "EUR" };
    const dollars = { id: "dollars", iban: "NL91ABNA0417164300", accountNumber: null, currencyCode: "USD" };
    const twin = { id: "twin", iban: "NL91ABNA0417164300", accountNumber: null, currencyCode: "USD" };
    const statements = [statement("NL91ABNA0417164300"), statement("NL91ABNA0417164300", null, "USD")];
    expect(routeStatements(statements, euros, [euros, dollars]).map((route) => route.accountId)).toEqual([
      "euros",
      "dollars",
    ]);
    const [, tie] = routeStatements(statements, TARGET, [euros, dollars, twin]);
    expect(tie).toMatchObject({
      accountId: null,
      leftOut: { because: "several_accounts", accountIds: ["dollars", "twin"] },
    });
    expect(
      routeStatements(statements, TARGET, [], { accountMap: { "NL91ABNA0417164300 USD": null } })[1],
    ).toMatchObject({
      accountId: null,
      leftOut: { because: "account_map" },
    });
  });

  it("refuses two account_map keys that name the same statement", () => {
    const refused = refusal(() =>
      routed([statement("1567.50.961"), statement(null)], {
        accountMap: { "1567.50.961": "target", "1567-50-961": "savings" },
      }),
    );
    expect(refused.message).toBe(
      "Validation failed: parse_options.account_map: “1567.50.961” and “1567-50-961” name the same statement (“1567.50.961”); give it once.",
    );
  });

  it("names two statements of one account apart, by their currency or else by their position", () => {
    expect(routed([statement("NL91ABNA0417164300"), statement("NL91ABNA0417164300", null, "USD")])).toEqual([
      ["NL91ABNA0417164300 EUR", null, null],
      ["NL91ABNA0417164300 USD", null, null],
    ]);
    expect(routed([statement(null, "Cash"), statement(null, "cash")]).map(([name]) => name)).toEqual([
      "Cash (1)",
      "cash (2)",
    ]);
  });

  it("refuses an account_map entry that names no statement of the file, listing the statements", () => {
    const refused = refusal(() =>
      routed([statement("NL91ABNA0417164300"), statement(null)], { accountMap: { XX00: "target" } }),
    );
    expect(refused.code).toBe("VALIDATION_FAILED");
    expect(refused.message).toBe(
      "Validation failed: parse_options.account_map: the file holds no statement of “XX00”; its statements are " +
        "“NL91ABNA0417164300”, “statement 2”.",
    );
  });
});
