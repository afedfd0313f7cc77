import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectFileType } from "./detect-type";
import { fixtureFiles } from "./statement-fixtures";

const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements");

describe("detectFileType", () => {
  it.each([
    ["csv", "csv"],
    ["ofx", "ofx"],
    ["mt940", "mt940"],
    ["xlsx", "xlsx"],
    ["camt", "camt"],
    ["qif", "qif"],
  ])("recognises every %s fixture by its content", (folder, expected) => {
    for (const { name, path: file } of fixtureFiles(folder)) {
      expect([name, detectFileType(readFileSync(file), name)]).toEqual([name, expected]);
    }
  });

  it("tells QFX from OFX and reads CSV content behind an .xls name", () => {
    for (const name of readdirSync(path.join(FIXTURES, "qfx"))) {
      expect(detectFileType(readFileSync(path.join(FIXTURES, "qfx", name)), name)).toBe("qfx");
    }
    const swedbank = "bank2ynab_lt_swedbank_csv_content_with_xls_extension.xls";
    expect(detectFileType(readFileSync(path.join(FIXTURES, "xls", swedbank)), swedbank)).toBe("csv");
    const biff = "reds_sg_uob_account_history_biff8.xls";
    expect(detectFileType(readFileSync(path.join(FIXTURES, "xls", biff)), biff)).toBe("xls");
  });

  it("tells CAMT and QIF by content under any name, then by their extensions", () => {
    const camt = Buffer.from(
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.13"><BkToCstmrStmt/></Document>',
    );
    expect(detectFileType(camt, "download")).toBe("camt");
    expect(
      detectFileType(Buffer.from("<a:Document xmlns:a='x'><a:BkToCstmrDbtCdtNtfctn/></a:Document>"), "x.dat"),
    ).toBe("camt");
    expect(detectFileType(Buffer.from("!Type:Bank\nD1/ 5'24\nT-1.00\n^\n"), "export.txt")).toBe("qif");
    expect(detectFileType(Buffer.from("### exported\n!Account\nNChecking\n^\n"), "export")).toBe("qif");
    // XML or text under a statement name goes to its reader, which says what is wrong with it.
    expect(detectFileType(Buffer.from("<Document><Other/></Document>"), "statement.xml")).toBe("camt");
    expect(detectFileType(Buffer.from("<Document><Other/></Document>"), "statement.053")).toBe("camt");
    expect(detectFileType(Buffer.from("D1/5/24\nT-1\n^\n"), "old.qif")).toBe("qif");
    expect(detectFileType(Buffer.from("just text"), "notes.xml")).toBeNull();
  });

  it("refuses what is none of them", () => {
    expect(
      detectFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), "photo.png"),
    ).toBeNull();
    expect(detectFileType(Buffer.from("just some notes"), "notes.md")).toBeNull();
    expect(detectFileType(Buffer.alloc(0), "empty.csv")).toBeNull();
    expect(detectFileType(Buffer.from("%PDF-1.7\n\u0000\u0001\u0002\u0003binary"), "statement.pdf")).toBeNull();
  });
});

describe("JSON", () => {
  it("is no statement file this service reads, whatever its name (a bank's API answer)", () => {
    const fio = Buffer.from(
      '{\n  "accountStatement": {\n    "info": { "accountId": "2000282668", "currency": "CZK" },\n    "transactionList": { "transaction": [] }\n  }\n}\n',
    );
    expect(detectFileType(fio, "2015-2-transactions.json")).toBeNull();
    expect(detectFileType(fio, "statement.csv")).toBeNull();
    expect(detectFileType(Buffer.from('[{"date": "2024-01-02", "amount": -5}]'), "export.txt")).toBeNull();
    // A CSV whose first cell is braced is still a CSV.
    expect(detectFileType(Buffer.from("{Date},Amount\n2024-01-02,-5.00\n2024-01-03,-6.00\n"), "x.csv")).toBe("csv");
  });
});
