import { describe, expect, it } from "vitest";
import { parseCsv } from "./index";

const read = (...lines: string[]) => {
  const parsed = parseCsv(Buffer.from(`${lines.join("\n")}\n`, "utf8"));
  return {
    semantics: parsed.amountSemantics,
    asks: parsed.amountSemanticsRequired,
    amounts: parsed.statements.flatMap((statement) => statement.transactions.map((row) => row.amount)),
    warnings: parsed.warnings,
  };
};

describe("a single amount column's signs, told by the balance beside it", () => {
  it("reads positive amounts as money out when the balance falls by each of them", () => {
    const reading = read(
      "Date,Text,Amount,Balance",
      "2026-01-02,Lindenhof,10.00,90.00",
      "2026-01-03,Quinx,5.00,85.00",
      "2026-01-04,Zorn,2.50,82.50",
    );
    expect(reading).toMatchObject({
      semantics: "signed_debit_positive",
      asks: false,
      amounts: ["-10.00", "-5.00", "-2.50"],
    });
    expect(reading.warnings).toContain(
      "Positive amounts were read as spending (money out), as the balance column shows row by row; send amount_semantics to read them otherwise",
    );
  });

  it("reads them as money in when the balance rises by each, newest row first", () => {
    expect(
      read(
        "Date,Text,Amount,Balance",
        "2026-01-04,Zorn,2.50,117.50",
        "2026-01-03,Quinx,5.00,115.00",
        "2026-01-02,Lindenhof,10.00,110.00",
      ),
    ).toMatchObject({ semantics: "signed_debit_negative", asks: false, amounts: ["2.50", "5.00", "10.00"] });
  });

  it("reads a card's charges as money out when its debt is shown negative and grows with them", () => {
    expect(
      read(
        "Date,Text,Card ending,Amount,Balance",
        "2026-01-02,Lindenhof,4711,10.00,-110.00",
        "2026-01-03,Quinx,4711,5.00,-115.00",
        "2026-01-04,Transfer,4711,-50.00,-65.00",
      ),
    ).toMatchObject({ semantics: "signed_debit_positive", asks: false, amounts: ["-10.00", "-5.00", "50.00"] });
  });

  it("still asks for a card's table whose positive balance may be what is owed as well as what is held", () => {
    expect(
      read(
        "Date,Text,Card ending,Amount,Balance",
        "2026-01-02,Lindenhof,4711,10.00,110.00",
        "2026-01-03,Quinx,4711,5.00,115.00",
        "2026-01-04,Transfer,4711,-50.00,65.00",
      ),
    ).toMatchObject({ semantics: null, asks: true });
  });
});
