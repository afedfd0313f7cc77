/** What parseOfx refuses or leaves out, and how it names the line: truncated files, unreadable values, stray tags. */
import { describe, expect, it } from "vitest";
import { StatementUnreadableError } from "../types";
import { body, ROWS, SGML_HEADER } from "./ofx-testing";
import { parseOfx } from "./parse-ofx";

describe("parseOfx", () => {
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

  it("leaves out an entry that states the day's balance (Caixa's SALDO DIA), even one without an amount", () => {
    const rows = [
      ["20220411", "-50.00", "C1", "PIX ENVIADO MARIA"],
      ["20220411", "            .  ", "0", "SALDO DIA"],
      ["20220412", "1200.00", "C2", "CREDITO SALARIO"],
      ["20220412", "0.00", "0", "SALDO DIA"],
      // Money moved: a shop of that name, not a balance.
      ["20220413", "-89.99", "C3", "NEW BALANCE"],
    ];
    const parsed = parseOfx(Buffer.from(SGML_HEADER + body(rows, false)));
    expect(parsed.statements[0]!.transactions.map((row) => [row.externalId, row.amount])).toEqual([
      ["C1", "-50.00"],
      ["C2", "1200.00"],
      ["C3", "-89.99"],
    ]);
    expect(parsed.warnings).toEqual(['2 entries are balances ("SALDO DIA"), not transactions, and were left out.']);
    // A file of balances only has no transaction, and no line it could not read.
    const onlyBalance = parseOfx(Buffer.from(SGML_HEADER + body([rows[1]!], false)));
    expect(onlyBalance.statements[0]!.transactions).toEqual([]);
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
