import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementUnreadableError } from "../types";
import { body, ROWS, SGML_HEADER, XML_HEADER } from "./ofx-testing";
import { looksLikeOfx, parseOfx } from "./parse-ofx";

describe("a NAME that names no one", () => {
  it("is no counterparty when MEMO has the merchant (a card's day and masked number, Banque Populaire)", () => {
    const rows = [
      ["20220715", "-78.92", "F1", "130722 CB****6516"],
      ["20220715", "-12.00", "F2", "XXXX1234 VISA 0107"],
      ["20220716", "-5.00", "F3", "CB Boulangerie Paul"],
    ];
    const text = body(rows, false)
      .replace("<NAME>130722 CB****6516", "<NAME>130722 CB****6516\n<MEMO>AUCHAN SUPER MA30BORDEAUX")
      .replace("<NAME>XXXX1234 VISA 0107", "<NAME>XXXX1234 VISA 0107\n<MEMO>LOULOU PRIMEUR 30BORDEAUX");
    const transactions = parseOfx(Buffer.from(SGML_HEADER + text)).statements[0]!.transactions;
    expect(transactions.map((row) => [row.description, row.counterparty])).toEqual([
      ["AUCHAN SUPER MA30BORDEAUX", null],
      ["LOULOU PRIMEUR 30BORDEAUX", null],
      // A name with words stays the counterparty.
      ["CB Boulangerie Paul", "CB Boulangerie Paul"],
    ]);
  });

  it("leaves out the payment's kind French banks write before the name, and says which cheque a cheque is", () => {
    const rows = [
      ["20220801", "-500.00", "F1", "VIR INST Hugo CAILLOL"],
      ["20220802", "-42.10", "F2", "PRLV SEPA HOMESERVE"],
      ["20220803", "1200.00", "F3", "EVI POLE EMPLOI"],
      ["20220804", "-80.00", "F4", "VIR SAS PAULISSOFT"],
      ["20220805", "-222.32", "F5", "CHEQUE"],
      // A name that is only a code keeps it: nothing else names the party.
      ["20220806", "-1.00", "F6", "VIR"],
    ];
    const text = body(rows, false)
      .replace("<NAME>VIR INST Hugo CAILLOL", "<NAME>VIR INST Hugo CAILLOL\n<MEMO>Virement de Hugo CAILLOL")
      .replace("<NAME>CHEQUE", "<CHECKNUM>0000377\n<NAME>CHEQUE");
    const transactions = parseOfx(Buffer.from(SGML_HEADER + text)).statements[0]!.transactions;
    expect(transactions.map((row) => [row.description, row.counterparty])).toEqual([
      ["Virement de Hugo CAILLOL", "Hugo CAILLOL"],
      ["PRLV SEPA HOMESERVE", "HOMESERVE"],
      ["EVI POLE EMPLOI", "POLE EMPLOI"],
      ["VIR SAS PAULISSOFT", "SAS PAULISSOFT"],
      ["CHEQUE 0000377", null],
      ["VIR", "VIR"],
    ]);
  });

  it("still describes a row without MEMO by a NAME of digits or a card (nothing better says what it was)", () => {
    const transactions = parseOfx(Buffer.from(SGML_HEADER + body([["20220715", "-7.00", "F1", "VISA 4711"]], false)))
      .statements[0]!.transactions;
    expect(transactions.map((row) => [row.description, row.counterparty])).toEqual([["VISA 4711", "VISA 4711"]]);
  });

  it("describes a row by its NAME when MEMO names no one (a masked card alone, Wells Fargo's)", () => {
    const text = body([["20201201", "-12.34", "F1", "AE Visa Card AE EPAY"]], false).replace(
      "<NAME>AE Visa Card AE EPAY",
      "<NAME>AE Visa Card AE EPAY\n<MEMO> XXXXX1234",
    );
    const [row] = parseOfx(Buffer.from(SGML_HEADER + text)).statements[0]!.transactions;
    expect([row!.description, row!.counterparty]).toEqual(["AE Visa Card AE EPAY", "AE Visa Card AE EPAY"]);
  });

  it("is no counterparty when it repeats the kind (U.S. Bank's NAME 'CHECK'), and a sentence every MEMO starts with is left out", () => {
    const rows = [
      ["20070606", "-11.11", "F1", "WEB AUTHORIZED PMT FOO INC"],
      ["20070607", "-111.11", "F2", "CHECK"],
      ["20070614", "1111.11", "F3", "ELECTRONIC DEPOSIT BAR INC"],
    ];
    const text = body(rows, false)
      .replace("<TRNTYPE>OTHER\n<DTPOSTED>20070607", "<TRNTYPE>CHECK\n<CHECKNUM>0000009611\n<DTPOSTED>20070607")
      .replace(
        "<NAME>WEB AUTHORIZED PMT FOO INC",
        "<NAME>WEB AUTHORIZED PMT FOO INC\n<MEMO>Download from usbank.com. FOO INC",
      )
      .replace("<NAME>CHECK", "<NAME>CHECK\n<MEMO>Download from usbank.com.")
      .replace(
        "<NAME>ELECTRONIC DEPOSIT BAR INC",
        "<NAME>ELECTRONIC DEPOSIT BAR INC\n<MEMO>Download from usbank.com. BAR INC",
      );
    const transactions = parseOfx(Buffer.from(SGML_HEADER + text)).statements[0]!.transactions;
    expect(transactions.map((row) => [row.description, row.counterparty])).toEqual([
      ["FOO INC", "WEB AUTHORIZED PMT FOO INC"],
      ["CHECK 0000009611", null],
      ["BAR INC", "ELECTRONIC DEPOSIT BAR INC"],
    ]);
    // Memos of one payee that begin alike say something of each row ("ACME Inc. invoice 1").
    const onePayee = body(rows, false)
      .replaceAll(/<NAME>[^\n]*/g, "<NAME>Payment")
      .replaceAll(/<NAME>Payment/g, (name, at: number) => `${name}\n<MEMO>ACME Inc. invoice ${at}`);
    const invoices = parseOfx(Buffer.from(SGML_HEADER + onePayee)).statements[0]!.transactions;
    expect(invoices.every((row) => row.description.startsWith("ACME Inc. invoice"))).toBe(true);
    // A sentence not on every memo is the rows' own words.
    const ordinary = text.replace("<MEMO>Download from usbank.com. BAR INC", "<MEMO>Salary. BAR INC");
    const kept = parseOfx(Buffer.from(SGML_HEADER + ordinary)).statements[0]!.transactions;
    expect(kept.map((row) => row.description)).toEqual([
      "Download from usbank.com. FOO INC",
      "Download from usbank.com.",
      "Salary. BAR INC",
    ]);
  });
});

describe("parseOfx", () => {
  it("reads OFX 1.x SGML (unclosed leaves) and 2.x XML to the same statement", () => {
    const sgml = parseOfx(Buffer.from(SGML_HEADER + body(ROWS, false)));
    const xml = parseOfx(Buffer.from(XML_HEADER + body(ROWS, true)));
    const withoutLocations = (file: typeof sgml) =>
      file.statements.map((statement) => ({
        ...statement,
        transactions: statement.transactions.map(({ location: _, ...row }) => row),
      }));
    expect(withoutLocations(xml)).toEqual(withoutLocations(sgml));
    const [statement] = sgml.statements;
    expect(statement).toMatchObject({
      accountIdentifier: "DE02120300000000202051",
      currencyCode: "EUR",
      closingBalance: { amount: "1234.50", date: "2024-01-02" },
    });
    expect(sgml).toMatchObject({
      bankKey: "test_bank",
      bankName: "Test Bank",
      fileType: "ofx",
      amountSemantics: "signed_debit_negative",
      amountSemanticsRequired: false,
    });
  });

  it("keeps the printed day of DTPOSTED whatever the time zone (no UTC shift)", () => {
    const [coffee, salary] = parseOfx(Buffer.from(SGML_HEADER + body(ROWS, false))).statements[0]!.transactions;
    // 23:00 PST on 31 December is 1 January in UTC: the bank printed the 31st.
    expect(coffee).toMatchObject({
      date: "2023-12-31",
      amount: "-12.30",
      externalId: "A1",
      description: "Coffee",
      counterparty: "Coffee",
    });
    expect(salary).toMatchObject({ date: "2005-08-24", amount: "100" });
  });

  it("reads decimal-comma amounts, signed as written", () => {
    const rows = [
      ["20240105", "-200,00", "B1", "Rent"],
      ["20240106", "+12,5", "B2", "Refund"],
      ["20240107", "  -0,99 ", "B3", "Fee"],
    ];
    const amounts = parseOfx(Buffer.from(SGML_HEADER + body(rows, false))).statements[0]!.transactions.map(
      (row) => row.amount,
    );
    expect(amounts).toEqual(["-200.00", "12.5", "-0.99"]);
  });

  it("ignores control characters and blank lines before the header", () => {
    const noisy = `\n\n\u0001${SGML_HEADER}${body(ROWS, false).replace("<STMTRS>", "<STMTRS>\u0000\u001a")}`;
    expect(parseOfx(Buffer.from(noisy)).statements[0]!.transactions).toHaveLength(2);
  });

  it("takes MEMO as the description and NAME as the counterparty, with fallbacks", () => {
    const extra = "<STMTTRN><TRNTYPE>CHECK<DTPOSTED>20240108<TRNAMT>-50<FITID>E2<CHECKNUM>1042</STMTTRN>";
    const file =
      SGML_HEADER +
      body([["20240105", "-1", "E1", "Shop"]], false)
        .replace("</BANKTRANLIST>", `${extra}</BANKTRANLIST>`)
        .replace("<NAME>Shop", "<NAME>Shop<MEMO>Card 1234 Shop Berlin");
    const [withMemo, check] = parseOfx(Buffer.from(file)).statements[0]!.transactions;
    expect(withMemo).toMatchObject({ description: "Card 1234 Shop Berlin", counterparty: "Shop" });
    expect(check).toMatchObject({ description: "CHECK 1042", counterparty: null, externalId: "E2" });
  });

  it("reads a MEMO that is the same on every row (American Express's card holder) as no description", () => {
    const rows = [
      ["20250320", "-895.45", "AT1", "SPOTIFY PREMIUM"],
      ["20250320", "-742.18", "AT2", "VINMONOPOLET OSLO"],
      ["20250319", "-512.60", "AT3", "REMA 1000 TORSHOV"],
    ];
    const labelled = body(rows, false).replace(/(<NAME>[^\n]*)/g, "$1<MEMO>LINA HANSEN-81023");
    const read = parseOfx(Buffer.from(SGML_HEADER + labelled)).statements[0]!.transactions;
    expect(read.map((row) => [row.description, row.counterparty])).toEqual(rows.map((row) => [row[3], row[3]]));
    // Names that name no one (a card's day and number) leave the merchant in MEMO its description.
    const cards = body(
      rows.map(([date, amount, id], i) => [date!, amount!, id!, `13072${i} CB****6516`]),
      false,
    ).replace(/(<NAME>[^\n]*)/g, "$1<MEMO>AUCHAN SUPER MA30BORDEAUX");
    expect(
      parseOfx(Buffer.from(SGML_HEADER + cards)).statements[0]!.transactions.map((row) => row.description),
    ).toEqual(["AUCHAN SUPER MA30BORDEAUX", "AUCHAN SUPER MA30BORDEAUX", "AUCHAN SUPER MA30BORDEAUX"]);
    // Two rows are too few to tell a label from a payment that happened twice.
    const two = body(rows.slice(0, 2), false).replace(/(<NAME>[^\n]*)/g, "$1<MEMO>Monthly");
    expect(parseOfx(Buffer.from(SGML_HEADER + two)).statements[0]!.transactions.map((row) => row.description)).toEqual([
      "Monthly",
      "Monthly",
    ]);
  });

  it("uses a transaction's CURRENCY, and CURDEF for ORIGCURRENCY (the amount is already converted)", () => {
    const extra =
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240108<TRNAMT>-20<FITID>F1<NAME>Hotel<CURRENCY><CURRATE>0.9<CURSYM>USD</CURRENCY></STMTTRN>" +
      "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240108<TRNAMT>-18<FITID>F2<NAME>Taxi<ORIGCURRENCY><CURRATE>0.9<CURSYM>USD</ORIGCURRENCY></STMTTRN>";
    const file = SGML_HEADER + body([], false).replace("</BANKTRANLIST>", `${extra}</BANKTRANLIST>`);
    expect(parseOfx(Buffer.from(file)).statements[0]!.transactions.map((row) => row.currencyCode)).toEqual([
      "USD",
      "EUR",
    ]);
  });

  it("tells QFX from OFX by INTU.BID, and follows the caller's hint", () => {
    const plain = Buffer.from(SGML_HEADER + body(ROWS, false));
    const quicken = Buffer.from(SGML_HEADER + body(ROWS, false).replace("</SONRS>", "<INTU.BID>12345</SONRS>"));
    expect(parseOfx(plain).fileType).toBe("ofx");
    expect(parseOfx(quicken).fileType).toBe("qfx");
    expect(parseOfx(plain, {}, "qfx").fileType).toBe("qfx");
  });

  it("returns one statement per account of a multi-account file", () => {
    const file = readFileSync(
      path.resolve(process.cwd(), "../shared/fixtures/statements/ofx/ofxparse_multiple_accounts_xml211.ofx"),
    );
    expect(
      parseOfx(file).statements.map((statement) => [statement.accountIdentifier, statement.closingBalance?.amount]),
    ).toEqual([
      ["9100", "111"],
      ["9200", "222"],
    ]);
  });

  it("refuses investment-only files and keeps bank statements next to an investment one", () => {
    const investment =
      "<INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD<INVACCTFROM><BROKERID>b.com<ACCTID>999</INVACCTFROM><INVTRANLIST></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>";
    const only = `${SGML_HEADER}<OFX>${investment}</OFX>`;
    expect(() => parseOfx(Buffer.from(only))).toThrow(/investment statements are not supported/);
    const mixed = SGML_HEADER + body(ROWS, false).replace("</OFX>", `${investment}</OFX>`);
    const parsed = parseOfx(Buffer.from(mixed));
    expect(parsed.statements).toHaveLength(1);
    expect(parsed.warnings.join(" ")).toMatch(/investment statements are not supported/);
  });

  it("refuses a file without <OFX> or without statements", () => {
    expect(() => parseOfx(Buffer.from("Date,Amount\n2024-01-01,1\n"))).toThrow(StatementUnreadableError);
    expect(() =>
      parseOfx(
        Buffer.from(
          `${SGML_HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Invalid password</STATUS></SONRS></SIGNONMSGSRSV1></OFX>`,
        ),
      ),
    ).toThrow(/no bank or credit-card statement.*Invalid password/);
  });

  it("recognises OFX content", () => {
    expect(looksLikeOfx(Buffer.from(SGML_HEADER + body(ROWS, false)))).toBe(true);
    expect(looksLikeOfx(Buffer.from(XML_HEADER + body(ROWS, true)))).toBe(true);
    expect(looksLikeOfx(Buffer.from("Date;Amount\n01.01.2024;1,00\n"))).toBe(false);
    expect(looksLikeOfx(Buffer.from(":20:STARTUMS\n:25:123/456\n:60F:C240101EUR0,00\n"))).toBe(false);
  });
});
