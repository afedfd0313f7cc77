import { describe, expect, it } from "vitest";
import { parseCamt } from "./camt";
import { parseCsv } from "./csv";
import { parseExcel } from "./excel";
import { buildWorkbook } from "./excel/testing";
import { MAX_FILE_TRANSACTIONS, MAX_TABLE_ROWS } from "./limits";
import { parseMt940 } from "./mt940";
import { parseOfx } from "./ofx";
import { parseQif } from "./qif";
import { unreadableBy, unreadableAfter } from "./testing";

const CAP_MESSAGE =
  /the file holds more than 100,000 transactions; split it into files of at most 100,000 transactions/;

/** `count` CSV rows of about 16 bytes: the shape of the 600k-row upload that once answered 500. */
function tinyCsv(count: number, extra = ""): Buffer {
  const lines = ["Date,Amount,Description"];
  for (let i = 0; i < count; i++)
    lines.push(
      `2024${String(1 + (i % 12)).padStart(2, "0")}${String(1 + (i % 28)).padStart(2, "0")},-${1 + (i % 9)}.2,a`,
    );
  return Buffer.from(`${lines.join("\n")}\n${extra}`);
}

describe("the cap of transactions per file", () => {
  it("is 100,000, with room for 20,000 more lines of headers, footers and blank lines", () => {
    expect(MAX_FILE_TRANSACTIONS).toBe(100_000);
    expect(MAX_TABLE_ROWS).toBe(120_000);
  });

  it("CSV: reads exactly 100,000 transactions", () => {
    const parsed = parseCsv(tinyCsv(MAX_FILE_TRANSACTIONS));
    expect(parsed.statements.reduce((sum, statement) => sum + statement.transactions.length, 0)).toBe(
      MAX_FILE_TRANSACTIONS,
    );
  });

  it("CSV: refuses 100,001 transactions, naming the cap and the line of the first one past it", () => {
    const error = unreadableBy(() => parseCsv(tinyCsv(MAX_FILE_TRANSACTIONS + 1)));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe("line 100002");
  });

  it("CSV: refuses a 9.6 MB file of 600,000 tiny rows while reading it, in well under the upload's 10 s", () => {
    const bytes = tinyCsv(600_000);
    expect(bytes.length).toBeGreaterThan(9_000_000);
    const started = performance.now();
    expect(unreadableBy(() => parseCsv(bytes)).message).toMatch(CAP_MESSAGE);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("CSV: a file longer than 120,000 lines is refused even when the lines read hold fewer transactions", () => {
    const error = unreadableBy(() => parseCsv(tinyCsv(10, "\n".repeat(MAX_TABLE_ROWS))));
    expect(error.message).toMatch(
      /the file holds more than 120,000 lines, more than a file of at most 100,000 transactions may; split it/,
    );
  });

  it("CSV: 120,000 continuation lines are read in linear time (they once took 71 s)", () => {
    const started = performance.now();
    const error = unreadableBy(() => parseCsv(tinyCsv(10, ",,more text\n".repeat(MAX_TABLE_ROWS))));
    expect(error.message).toMatch(/more than 120,000 lines/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("CSV: blank and footer lines within the margin do not count", () => {
    const parsed = parseCsv(tinyCsv(MAX_FILE_TRANSACTIONS, "\n".repeat(5_000)));
    expect(parsed.statements[0]!.transactions).toHaveLength(MAX_FILE_TRANSACTIONS);
  });

  it("Excel: refuses a sheet of 100,001 transactions naming the cap; a longer sheet by its rows", async () => {
    const rows = (count: number) => [
      ["Date", "Amount", "Description"],
      ...Array.from({ length: count }, (_, i) => [
        `2024-01-${String(1 + (i % 28)).padStart(2, "0")}`,
        -1 - (i % 9),
        "a",
      ]),
    ];
    const over = await unreadableAfter(
      parseExcel(buildWorkbook([{ rows: rows(MAX_FILE_TRANSACTIONS + 1) }]), { timeLimitMs: 60_000 }),
    );
    expect(over.message).toMatch(CAP_MESSAGE);
    const longer = await unreadableAfter(
      parseExcel(
        buildWorkbook([{ rows: [...rows(10), ...Array.from({ length: MAX_TABLE_ROWS }, () => ["", "", "note"])] }]),
        { timeLimitMs: 60_000 },
      ),
    );
    expect(longer.message).toMatch(/the file holds more than 120,000 rows/);
  }, 120_000);

  it("OFX: counts STMTTRN as the tags are read and refuses the 100,001st", () => {
    const transaction = (i: number) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-1.00<FITID>F${i}<NAME>a</STMTTRN>\n`;
    const file = (count: number) =>
      "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKTRANLIST>\n" +
      Array.from({ length: count }, (_, i) => transaction(i)).join("") +
      "</BANKTRANLIST><LEDGERBAL><BALAMT>1.00<DTASOF>20240102</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n";
    expect(parseOfx(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseOfx(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe("line 100006");
  }, 60_000);

  it("MT940: counts :61: entries as they are read and refuses the 100,001st", () => {
    const file = (count: number) =>
      ":20:REF\n:25:NL91ABNA0417164300\n:28C:1/1\n:60F:C240101EUR100,00\n" +
      ":61:2401020102D1,00NTRFNONREF\n:86:a\n".repeat(count) +
      ":62F:C240102EUR100,00\n-\n";
    expect(parseMt940(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseMt940(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe(`line ${4 + 2 * MAX_FILE_TRANSACTIONS + 1}`);
  }, 60_000);

  it("CAMT: counts entries as the XML streams by and refuses the 100,001st", () => {
    const file = (count: number) =>
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>\n' +
      '<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt></Ntry>\n'.repeat(
        count,
      ) +
      "</Stmt></BkToCstmrStmt></Document>\n";
    expect(parseCamt(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseCamt(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe(`line ${2 + MAX_FILE_TRANSACTIONS + 1}`);
  }, 60_000);

  it("QIF: counts records as they are read and refuses the 100,001st", () => {
    const file = (count: number) => "!Type:Bank\n" + "D01/02/2024\nT-1.00\n^\n".repeat(count);
    expect(parseQif(Buffer.from(file(MAX_FILE_TRANSACTIONS))).statements[0]!.transactions).toHaveLength(
      MAX_FILE_TRANSACTIONS,
    );
    const error = unreadableBy(() => parseQif(Buffer.from(file(MAX_FILE_TRANSACTIONS + 1))));
    expect(error.message).toMatch(CAP_MESSAGE);
    expect(error.location).toBe(`line ${1 + 3 * MAX_FILE_TRANSACTIONS + 1}`);
  }, 60_000);
});
