import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StatementUnreadableError } from "../types";
import { looksLikeOfx, parseOfx } from "./parse-ofx";

const SGML_HEADER =
  "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n";
const XML_HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n';

/** A bank statement body; `close` writes XML end tags on leaves, otherwise SGML style. */
function body(transactions: string[][], close: boolean, extra = ""): string {
  const leaf = (name: string, value: string) => (close ? `<${name}>${value}</${name}>` : `<${name}>${value}`);
  const rows = transactions
    .map(
      ([date, amount, fitid, name]) =>
        `<STMTTRN>\n${leaf("TRNTYPE", "OTHER")}\n${leaf("DTPOSTED", date!)}\n${leaf("TRNAMT", amount!)}\n${leaf("FITID", fitid!)}\n${leaf("NAME", name!)}\n</STMTTRN>`,
    )
    .join("\n");
  return (
    `<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS>${leaf("CODE", "0")}${leaf("SEVERITY", "INFO")}</STATUS>${leaf("DTSERVER", "20240102")}` +
    `<FI>${leaf("ORG", "Test Bank")}</FI></SONRS></SIGNONMSGSRSV1>\n<BANKMSGSRSV1><STMTTRNRS>${leaf("TRNUID", "1")}\n<STMTRS>\n${leaf("CURDEF", "EUR")}\n` +
    `<BANKACCTFROM>${leaf("BANKID", "1")}${leaf("ACCTID", "DE02120300000000202051")}${leaf("ACCTTYPE", "CHECKING")}</BANKACCTFROM>\n` +
    `<BANKTRANLIST>\n${rows}\n</BANKTRANLIST>\n${extra}<LEDGERBAL>${leaf("BALAMT", "1234.50")}${leaf("DTASOF", "20240102120000[+1:CET]")}</LEDGERBAL>\n` +
    "</STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"
  );
}

const ROWS = [
  ["20231231230000.000[-8:PST]", "-12.30", "A1", "Coffee"],
  ["20050824080000[-5:EST]", "100", "A2", "Salary"],
];

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

  it("decodes CHARSET:1252 bytes, UTF-8 and UTF-16 with a BOM", () => {
    const latin = Buffer.concat([
      Buffer.from(SGML_HEADER),
      Buffer.from(body([["20240105", "-1", "C1", "Caf\u00e9"]], false), "latin1"),
    ]);
    expect(parseOfx(latin).statements[0]!.transactions[0]!.description).toBe("Café");
    const utf8Header = SGML_HEADER.replace("ENCODING:USASCII", "ENCODING:UTF-8");
    expect(
      parseOfx(Buffer.from(utf8Header + body([["20240105", "-1", "C1", "Zoë €"]], false))).statements[0]!
        .transactions[0]!.description,
    ).toBe("Zoë €");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(XML_HEADER + body([["20240105", "-1", "C1", "Łódź"]], true), "utf16le"),
    ]);
    expect(parseOfx(utf16).statements[0]!.transactions[0]!.description).toBe("Łódź");
  });

  it("reads UTF-8 bytes under a CHARSET:1252 header as UTF-8, with a warning", () => {
    const parsed = parseOfx(Buffer.from(SGML_HEADER + body([["20240105", "-1", "C1", "Müller"]], false)));
    expect(parsed.statements[0]!.transactions[0]!.description).toBe("Müller");
    expect(parsed.warnings.join(" ")).toMatch(/UTF-8/);
  });

  it("decodes entities and CDATA, and leaves a bare & alone", () => {
    const rows = [
      ["20240105", "-1", "D1", "AT&amp;T &lt;mobile&gt;"],
      ["20240105", "-1", "D2", "<![CDATA[Fish & Chips]]>"],
      ["20240105", "-1", "D3", "AT&T"],
    ];
    const names = parseOfx(Buffer.from(XML_HEADER + body(rows, true))).statements[0]!.transactions.map(
      (row) => row.counterparty,
    );
    expect(names).toEqual(["AT&T <mobile>", "Fish & Chips", "AT&T"]);
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

  it("refuses a truncated file, naming the line where it ends", () => {
    const full = SGML_HEADER + body(ROWS, false);
    const cutAfterLine = full.slice(0, full.indexOf("<TRNAMT>100"));
    const cutInTag = full.slice(0, full.indexOf("<FITID>A2") + 4);
    const lineOf = (text: string) => `line ${text.split("\n").length}`;
    expect(() => parseOfx(Buffer.from(cutAfterLine))).toThrow(
      /ends inside <STMTTRN> opened at line \d+: it looks truncated/,
    );
    expect(() => parseOfx(Buffer.from(cutAfterLine))).toThrow(`(${lineOf(cutAfterLine.trimEnd())})`);
    try {
      parseOfx(Buffer.from(cutInTag));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(StatementUnreadableError);
      expect((error as StatementUnreadableError).location).toBe(lineOf(cutInTag));
    }
  });

  it("names the element and line of a value it cannot read", () => {
    const lineOf = (text: string, marker: string) => text.slice(0, text.indexOf(marker)).split("\n").length;
    const bad = SGML_HEADER + body([["20240105", "twelve", "G1", "X"]], false);
    expect(() => parseOfx(Buffer.from(bad))).toThrow(
      `TRNAMT "twelve" is not an amount (line ${lineOf(bad, "<TRNAMT>twelve")})`,
    );
    const badDate = SGML_HEADER + body([["2024-01-05", "1", "G1", "X"]], false);
    expect(() => parseOfx(Buffer.from(badDate))).toThrow(
      `DTPOSTED "2024-01-05" is not a date (line ${lineOf(badDate, "<DTPOSTED>2024-01-05")})`,
    );
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

describe("parseOfx stray elements", () => {
  const lineOf = (text: string, marker: string) => text.slice(0, text.indexOf(marker)).split("\n").length;

  it("leaves out a transaction whose DTPOSTED or TRNAMT cannot be read, naming its line, and reads the others", () => {
    const rows = [
      ["20240105", "-4.20", "H1", "Bakery"],
      ["20241131", "-9.99", "H2", "Ghost"],
      ["20240106", "1O.00", "H3", "Typo"],
      ["20240107", "2500", "H4", "Salary"],
    ];
    const file = SGML_HEADER + body(rows, false);
    const parsed = parseOfx(Buffer.from(file));
    expect(parsed.statements[0]!.transactions.map((row) => [row.row, row.externalId, row.amount])).toEqual([
      [1, "H1", "-4.20"],
      [2, "H4", "2500"],
    ]);
    expect(parsed.warnings).toEqual([
      `DTPOSTED "20241131" is not a date; the transaction was left out (line ${lineOf(file, "<DTPOSTED>20241131")}).`,
      `TRNAMT "1O.00" is not an amount; the transaction was left out (line ${lineOf(file, "<TRNAMT>1O.00")}).`,
    ]);
  });

  it("still refuses a file whose only transaction cannot be read, with the precise reason", () => {
    const file = SGML_HEADER + body([["20241131", "-9.99", "H2", "Ghost"]], false);
    expect(() => parseOfx(Buffer.from(file))).toThrow(
      `DTPOSTED "20241131" is not a date (line ${lineOf(file, "<DTPOSTED>20241131")})`,
    );
  });

  it("leaves an unreadable LEDGERBAL amount empty, with a warning", () => {
    const file = SGML_HEADER + body(ROWS, false).replace("<BALAMT>1234.50", "<BALAMT>1.234|50");
    const parsed = parseOfx(Buffer.from(file));
    expect(parsed.statements[0]).toMatchObject({ closingBalance: null });
    expect(parsed.statements[0]!.transactions).toHaveLength(2);
    expect(parsed.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^BALAMT "1.234\\|50" of account DE02120300000000202051 is not an amount; .*\\(line ${lineOf(file, "<BALAMT>")}\\)\\.$`,
        ),
      ),
    ]);
  });

  it("skips a malformed tag with a warning and reads the rest", () => {
    const file = SGML_HEADER + body(ROWS, false).replace("<NAME>Coffee", "<NAME>Coffee\n<MEMO Card 1234\n</ >");
    const parsed = parseOfx(Buffer.from(file));
    expect(parsed.statements[0]!.transactions.map((row) => [row.description, row.amount])).toEqual([
      ["Coffee", "-12.30"],
      ["Salary", "100"],
    ]);
    expect(parsed.warnings).toEqual([
      `"<MEMO Card 1234" is a tag not closed with ">"; it was skipped (line ${lineOf(file, "<MEMO")}).`,
      `"</ >" is not an OFX tag; it was skipped (line ${lineOf(file, "</ >")}).`,
    ]);
  });

  it("leaves out pending entries (STMTTRNP, TRNTYPE HOLD) with one warning, and keeps zero-amount rows", () => {
    const pendingList =
      "<BANKTRANLISTP><DTASOF>20240110<STMTTRNP><TRNTYPE>HOLD<DTTRAN>20240109<TRNAMT>-80.00<NAME>Hotel deposit</STMTTRNP></BANKTRANLISTP>\n";
    const hold = "<STMTTRN><TRNTYPE>HOLD<DTPOSTED>20240109<TRNAMT>0.00<FITID>P2<NAME>Card check</STMTTRN>";
    const notice =
      "<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240109<TRNAMT>0.00<FITID>P3<NAME>Your new card is on its way</STMTTRN>";
    const file =
      SGML_HEADER + body(ROWS, false, pendingList).replace("</BANKTRANLIST>", `${hold}${notice}</BANKTRANLIST>`);
    const parsed = parseOfx(Buffer.from(file));
    expect(parsed.statements[0]!.transactions.map((row) => [row.externalId, row.amount])).toEqual([
      ["A1", "-12.30"],
      ["A2", "100"],
      ["P3", "0.00"],
    ]);
    expect(parsed.warnings).toEqual(["2 pending entries (holds, not booked yet) left out."]);
  });
});

describe("parseOfx text encodings", () => {
  const euroRows = [["20240105", "-4.50", "E1", "Caf\u00e9 \u20ac4.50 \u2013 Gare"]];

  it("reads Windows-1252's euro sign and dashes (bytes 0x80-0x9F) under CHARSET:1252, and says so", () => {
    const bytes = Buffer.from(
      (SGML_HEADER + body(euroRows, false))
        .replace("\u20ac", "\x80")
        .replace("\u2013", "\x96")
        .replace("\u00e9", "\xe9"),
      "latin1",
    );
    const file = parseOfx(bytes);
    expect(file.statements[0]?.transactions[0]?.description).toBe("Caf\u00e9 \u20ac4.50 \u2013 Gare");
    expect(file.optionsUsed).toEqual({ encoding: "windows-1252" });
  });

  it("reads the encoding a person gives instead of the declared one", () => {
    // Declared 1252, written in Windows-1251: "Кафе" as its bytes.
    const bytes = Buffer.concat([
      Buffer.from(SGML_HEADER + body([["20240105", "-4.50", "E1", "@@@@"]], false), "latin1"),
    ]);
    const at = bytes.indexOf("@@@@");
    Buffer.from([0xca, 0xe0, 0xf4, 0xe5]).copy(bytes, at);
    expect(parseOfx(bytes).statements[0]?.transactions[0]?.description).not.toBe("\u041a\u0430\u0444\u0435");
    expect(parseOfx(bytes, { encoding: "windows-1251" }).statements[0]?.transactions[0]?.description).toBe(
      "\u041a\u0430\u0444\u0435",
    );
  });
});
