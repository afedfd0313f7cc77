import { describe, expect, it } from "vitest";
import { parseCsv } from "./index";

const read = (lines: string[], referenceDay = "2026-03-10") => {
  const parsed = parseCsv(Buffer.from(`${lines.join("\n")}\n`, "utf8"), { referenceDay });
  return {
    rows: parsed.statements.flatMap((statement) => statement.transactions.map((row) => [row.date, row.amount])),
    warnings: parsed.warnings,
  };
};

describe("dates printed without a year", () => {
  it("take the year of the statement month named above the table, the days after it being the year before", () => {
    const { rows, warnings } = read([
      "Card bill (statement month 2024年01月)",
      "Posted,Text,Amount,Card",
      "12/29,Coffee,-3.20,1234",
      "12/31,Bakery,-4.10,1234",
      "01/05,Groceries,-25.00,1234",
    ]);
    expect(rows).toEqual([
      ["2023-12-29", "-3.20"],
      ["2023-12-31", "-4.10"],
      ["2024-01-05", "-25.00"],
    ]);
    expect(warnings[0]).toBe(
      "The dates carry no year; it was taken from the statement month 2024-01 named above the table (12/29 as 2023-12-29)",
    );
  });

  it("read day first with closing dots, and find the month in words or as the end of a period", () => {
    expect(
      read([
        "Kontoauszug Januar 2024",
        "Tag;Text;Betrag;Saldo",
        "30.12.;Miete;-800,00;100,00",
        "02.01.;Lohn;2000,00;2100,00",
      ]).rows,
    ).toEqual([
      ["2023-12-30", "-800.00"],
      ["2024-01-02", "2000.00"],
    ]);
    expect(
      read([
        "Statement period 01.11.2023 - 31.12.2023",
        "Day;Text;Amount;Ref",
        "15.11.;Rent;-800,00;A1",
        "20.12.;Pay;900,00;A2",
      ]).rows,
    ).toEqual([
      ["2023-11-15", "-800.00"],
      ["2023-12-20", "900.00"],
    ]);
  });

  it("without a month above the table, lie no later than the day the file is read", () => {
    const { rows, warnings } = read(["Date,Text,Amount,Ref", "03/15,Insurance,-40.00,X1", "03/01,Salary,1000.00,X2"]);
    expect(rows).toEqual([
      ["2025-03-15", "-40.00"],
      ["2026-03-01", "1000.00"],
    ]);
    expect(warnings[0]).toContain("the day the file was read (2026-03-10)");
  });

  it("leave a year-less shape beside real dates as it is (an instalment), and amounts with a dot alone", () => {
    const { rows, warnings } = read([
      "Date,Text,Amount,Instalment",
      "2026-01-05,Laptop,-100.00,1/3",
      "2026-02-05,Laptop,-100.00,2/3",
      "2026-03-05,Laptop,-100.00,3/3",
    ]);
    expect(rows.map(([date]) => date)).toEqual(["2026-01-05", "2026-02-05", "2026-03-05"]);
    expect(warnings.join(" ")).not.toContain("carry no year");
  });
});
