import { describe, expect, it } from "vitest";
import { AppError } from "../../../../errors";
import { parseStatementFile } from "../../parse-file";
import { unreadableBy } from "../testing";
import { parseQif } from "./parse-qif";

const qif = (...lines: string[]) => Buffer.from(`${lines.join("\n")}\n`);
const record = (date: string, amount: string, ...more: string[]) => [`D${date}`, `T${amount}`, ...more, "^"];
const dates = (bytes: Buffer) => parseQif(bytes).statements.flatMap((s) => s.transactions.map((t) => t.date));

describe("parseQif", () => {
  it("reads a bank account: date, signed amount, payee, memo, number and category", () => {
    const parsed = parseQif(
      qif(
        "!Type:Bank",
        ...record("1/ 5'24", "-1,234.50", "N1042", "PCity Power", "MElectricity January", "LUtilities:Power", "CX"),
        ...record("1/ 6'24", "2,000.00", "NDEP", "PEmployer Ltd", "LSalary"),
      ),
    );
    expect(parsed).toMatchObject({
      fileType: "qif",
      amountSemantics: "signed_debit_negative",
      amountSemanticsRequired: false,
    });
    expect(parsed.statements[0]!.transactions).toEqual([
      {
        row: 1,
        date: "2024-01-05",
        valueDate: null,
        amount: "-1234.50",
        currencyCode: null,
        description: "Electricity January",
        counterparty: "City Power",
        externalId: "1042",
        location: "line 2",
        category: "Utilities:Power",
      },
      {
        row: 2,
        date: "2024-01-06",
        valueDate: null,
        amount: "2000.00",
        currencyCode: null,
        // No memo: the payee describes the row; "DEP" is a kind of transaction, not a number.
        description: "Employer Ltd",
        counterparty: "Employer Ltd",
        externalId: null,
        location: "line 10",
        category: "Salary",
      },
    ]);
  });

  it("reads the date forms QIF files carry", () => {
    expect(
      dates(
        qif(
          "!Type:Cash",
          ...record("1/ 5'24", "-1"),
          ...record("12/31' 3", "-1"),
          ...record("01/05/2024", "-1"),
          ...record("1/5/94", "-1"),
          ...record("2024-01-05", "-1"),
          ...record("12/30/2023", "-1"),
        ),
      ),
    ).toEqual(["2024-01-05", "2003-12-31", "2024-01-05", "1994-01-05", "2024-01-05", "2023-12-30"]);
  });

  it("decides day/month order from a value above 12 anywhere in the file", () => {
    const parsed = parseQif(qif("!Type:Bank", ...record("05.01.2024", "-1"), ...record("13.01.2024", "-2")));
    expect(parsed.statements[0]!.transactions.map((t) => t.date)).toEqual(["2024-01-05", "2024-01-13"]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.optionsUsed?.dateFormat).toBe("DD/MM/YYYY");
    expect(dates(qif("!Type:Bank", ...record("01/02/2024", "-1"), ...record("01/31/2024", "-2")))).toEqual([
      "2024-01-02",
      "2024-01-31",
    ]);
  });

  it("decides from consecutive dates when every value is 12 or less, and warns", () => {
    // 2, 3, 5 January are more likely than 1 February, 1 March, 1 May... day first here.
    const dayFirst = parseQif(
      qif("!Type:Bank", ...record("02/01/2024", "-1"), ...record("03/01/2024", "-1"), ...record("05/01/2024", "-1")),
    );
    expect(dayFirst.statements[0]!.transactions.map((t) => t.date)).toEqual(["2024-01-02", "2024-01-03", "2024-01-05"]);
    expect(dayFirst.warnings.join(" ")).toMatch(
      /read day first \(DD\/MM\), the order in which consecutive rows lie closest/,
    );
    const monthFirst = dates(
      qif("!Type:Bank", ...record("01/02/2024", "-1"), ...record("01/03/2024", "-1"), ...record("01/05/2024", "-1")),
    );
    expect(monthFirst).toEqual(["2024-01-02", "2024-01-03", "2024-01-05"]);
  });

  it("assumes month first when nothing decides, says so, and follows parse_options.date_format", () => {
    const bytes = qif("!Type:Bank", ...record("03/03/2024", "-1"));
    const assumed = parseQif(bytes);
    expect(assumed.statements[0]!.transactions[0]!.date).toBe("2024-03-03");
    expect(assumed.warnings.join(" ")).toMatch(/read month first \(MM\/DD\), as Quicken writes them/);
    const given = parseQif(qif("!Type:Bank", ...record("04/03/2024", "-1")), { dateFormat: "DD/MM/YYYY" });
    expect([given.statements[0]!.transactions[0]!.date, given.warnings]).toEqual(["2024-03-04", []]);
  });

  it("keeps a split transaction as one row with its parts", () => {
    const parsed = parseQif(
      qif(
        "!Type:CCard",
        "D2/14'2020",
        "T-67.50",
        "PShop",
        "L--Split--",
        "SFood",
        "EBread",
        "$-60.00",
        "SHome",
        "$-7.50",
        "^",
      ),
    );
    expect(parsed.statements[0]!.transactions).toHaveLength(1);
    expect(parsed.statements[0]!.transactions[0]).toMatchObject({
      amount: "-67.50",
      category: null,
      splits: [
        { category: "Food", memo: "Bread", amount: "-60.00" },
        { category: "Home", memo: null, amount: "-7.50" },
      ],
    });
    // U is the same amount as T; without either, the parts add up to it.
    const onlySplits = parseQif(qif("!Type:Bank", "D1/ 1'00", "SA", "$-9.00", "SB", "$-1.00", "^"));
    expect(onlySplits.statements[0]!.transactions[0]!.amount).toBe("-10");
    const onlyU = parseQif(qif("!Type:Bank", "D1/ 1'00", "U-10.00", "^"));
    expect(onlyU.statements[0]!.transactions[0]!.amount).toBe("-10.00");
  });

  it("gives one statement per !Account, skips lists, and takes Quicken's opening balance", () => {
    const parsed = parseQif(
      qif(
        "!Type:Cat",
        "NFood",
        "E",
        "^",
        "!Option:AutoSwitch",
        "!Account",
        "NListed only",
        "TBank",
        "^",
        "!Clear:AutoSwitch",
        "!Account",
        "NChecking",
        "TBank",
        "^",
        "!Type:Bank",
        ...record("01/01/2024", "500.00", "POpening Balance", "L[Checking]"),
        ...record("01/02/2024", "-20.00", "PShop"),
        "!Account",
        "NDE89 3704 0044 0532 0130 00",
        "TOth A",
        "^",
        "!Type:Oth A",
        ...record("01/03/2024", "1.00"),
      ),
    );
    expect(
      parsed.statements.map((s) => [
        s.accountName,
        s.accountIdentifier,
        s.openingBalance,
        s.transactions.map((t) => t.amount),
      ]),
    ).toEqual([
      ["Checking", null, { amount: "500.00", date: "2024-01-01" }, ["-20.00"]],
      ["DE89 3704 0044 0532 0130 00", "DE89 3704 0044 0532 0130 00", null, ["1.00"]],
    ]);
  });

  it("takes the account named right before a !Type: header while AutoSwitch is set again after its list (Quicken)", () => {
    const parsed = parseQif(
      qif(
        "!Option:AutoSwitch",
        "!Account",
        "NSavings",
        "TBank",
        "^",
        "NChecking",
        "TBank",
        "^",
        "!Clear:AutoSwitch",
        "!Option:AutoSwitch",
        "!Account",
        "NSavings",
        "TBank",
        "^",
        "!Type:Bank ",
        ...record("08/31/2000", "0.00", "POpening Balance", "L[Savings]"),
        ...record("08/31/2000", "-1,000.00", "PTransfer Money", "L[Checking]"),
        "!Account",
        "NChecking",
        "TBank",
        "^",
        "!Type:Bank ",
        ...record("06/01/2000", "1,211.45", "POpening Balance", "L[Checking]"),
        ...record("08/31/2000", "1,000.00", "PTransfer Money", "L[Savings]"),
      ),
    );
    expect(
      parsed.statements.map((s) => [s.accountName, s.openingBalance?.amount, s.transactions.map((t) => t.amount)]),
    ).toEqual([
      ["Savings", "0.00", ["-1000.00"]],
      ["Checking", "1211.45", ["1000.00"]],
    ]);
  });

  it("refuses investment-only files naming the type, and leaves investment accounts out of mixed files", async () => {
    const investment = qif("!Type:Invst", "D8/25/93", "NBuyX", "Yibm4", "I11.030", "Q9.066", "T100.00", "^");
    expect(unreadableBy(() => parseQif(investment)).message).toMatch(
      /investment statements are not supported: the file holds a QIF investment account \(!Type:Invst\)/,
    );
    const error = await parseStatementFile(investment, "export.qif", {}).catch((caught: unknown) => caught);
    expect([(error as AppError).status, (error as AppError).message]).toEqual([
      400,
      expect.stringMatching(/!Type:Invst/),
    ]);
    const mixed = parseQif(Buffer.concat([qif("!Type:Bank", ...record("1/2/24", "-5")), investment]));
    expect(mixed.statements[0]!.transactions).toHaveLength(1);
    expect(mixed.warnings.join(" ")).toMatch(
      /The record of !Type:Invst at line 5 was left out: investment statements are not supported/,
    );
    expect(unreadableBy(() => parseQif(qif("!Type:Invoice", ...record("1/2/24", "-5")))).message).toMatch(
      /!Type:Invoice is not supported/,
    );
  });

  it("leaves out records it cannot read with a warning, and refuses a file of only those", () => {
    const parsed = parseQif(
      qif("!Type:Bank", ...record("1/2/24", "-5"), ...record("31/31/24", "-5"), ...record("1/3/24", "abc")),
    );
    expect(parsed.statements[0]!.transactions).toHaveLength(1);
    expect(parsed.warnings).toEqual([
      'The date "31/31/24" cannot be read; the record was left out (line 5).',
      'The amount "abc" cannot be read; the record was left out (line 8).',
      expect.stringMatching(/read month first/),
    ]);
    expect(unreadableBy(() => parseQif(qif("!Type:Bank", "T-5", "^"))).message).toBe(
      "the record has no date (D) (line 2)",
    );
  });

  it("reads decimal commas and thousands dots when the file writes them", () => {
    const parsed = parseQif(qif("!Type:Bank", ...record("13.01.2024", "-1.234,50"), ...record("14.01.2024", "10,00")));
    expect(parsed.statements[0]!.transactions.map((t) => t.amount)).toEqual(["-1234.50", "10.00"]);
  });

  it("gives no statement to a !Type:Bank header with no record under it (KMyMoney writes one before its !Account block)", () => {
    const file = qif(
      "!Type:Bank",
      "!Account",
      "NTest account",
      "TBank",
      "^",
      "!Type:Bank",
      ...record("30/12/2025", "100.00", "PTest"),
    );
    const statements = parseQif(file).statements;
    expect(statements.map((s) => [s.accountName, s.transactions.length])).toEqual([["Test account", 1]]);
  });
});
