import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseForAccount } from "./account-reading";
import { madeUpTable } from "./made-up-table-testing";

/** An upload read with the options remembered for its account, or by detection where they do not fit. */

describe("parseForAccount: the account's remembered reading", () => {
  const table = madeUpTable(21, 6);
  const file = { bytes: Buffer.from(table.csv), name: "export.csv" };
  const remembered = {
    options: {
      dateFormat: "MM/DD/YYYY",
      decimalSeparator: "," as const,
      columns: {
        date: table.headers[table.at.date]!,
        description: table.headers[table.at.text]!,
        amount: table.headers[table.at.amount]!,
      },
    },
  };

  it("reads a file with it, and says so", async () => {
    const { parsed } = await parseForAccount(
      file,
      { defaultCurrencyCode: "EUR", amountSemantics: undefined },
      remembered,
    );
    expect(parsed.warnings[0]).toBe("Read with the options remembered for this account.");
    expect(parsed.statements[0]!.transactions.map((t) => [t.date, t.amount])).toEqual(
      table.expected.map((t) => [t.date, t.amount]),
    );
  });

  it("keeps its sign convention, unless the upload brings its own", async () => {
    // Unsigned amounts with a debit/credit mark, the mark's column in made-up words as well.
    const csv = [
      "Vorp;Quastel;Zimble;Kreb",
      "03/04/2026;Bakery Zorn;3,50;X",
      "10/11/2026;Salary Quinx;2500,00;Y",
      "",
    ].join("\n");
    const marked = { bytes: Buffer.from(csv), name: "marked.csv" };
    const signs = {
      options: {
        ...remembered.options,
        columns: { date: "Vorp", description: "Quastel", amount: "Zimble" },
        amountSemantics: "signed_debit_positive" as const,
      },
    };
    const read = await parseForAccount(marked, { amountSemantics: undefined }, signs);
    expect(read.amountSemantics).toBe("signed_debit_positive");
    expect(read.parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(["-3.50", "-2500.00"]);
    const own = await parseForAccount(marked, { amountSemantics: "signed_debit_negative" }, signs);
    expect(own.amountSemantics).toBe("signed_debit_negative");
    expect(own.parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(["3.50", "2500.00"]);
  });

  it("falls back to detection, with a warning, when the file does not fit it", async () => {
    const other = madeUpTable(22, 6);
    const { parsed } = await parseForAccount({ bytes: Buffer.from(other.csv), name: "other.csv" }, {}, remembered);
    expect(parsed.warnings[0]).toMatch(
      /^The options remembered for this account do not fit this file \(.*\); it was read by detection instead\.$/,
    );
    expect(parsed.statements[0]!.transactions).toHaveLength(6);
  });

  it("leaves files that are no tables alone", async () => {
    const dir = path.join(__dirname, "../../../../shared/fixtures/statements/ofx");
    const name = readdirSync(dir).find((f) => f.endsWith(".ofx"))!;
    const { parsed } = await parseForAccount({ bytes: readFileSync(path.join(dir, name)), name }, {}, remembered);
    expect(parsed.fileType).toBe("ofx");
    expect(parsed.warnings.join(" ")).not.toMatch(/remembered/);
  });
});
