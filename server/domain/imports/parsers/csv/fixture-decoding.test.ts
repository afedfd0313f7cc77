/** How the CSV samples' bytes become text and lines: encodings, line endings, CSV under another extension. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, parseFixture, transactionsOf } from "./csv-fixtures-testing";
import { decodeCsvBytes } from "./encoding";
import { parseCsv } from "./index";

describe("CSV fixture details", () => {
  it.each([
    ["bank2ynab_cz_raiffeisen_cp1250.csv", "windows-1250"],
    ["bank2ynab_cz_ceska_sporitelna_masked.csv", "windows-1250"],
    ["hledger_fr_cp1252_euro_no_final_newline.csv", "windows-1252"],
    ["ofxstmt_de_ingdiba_latin1_preamble.csv", "windows-1252"],
    ["bank2ynab_nl_rabobank_latin1_crlf.csv", "windows-1252"],
    ["bank2ynab_uk_johnlewis_card_bom_pound.csv", "utf-8"],
    ["bank2ynab_de_n26.csv", "utf-8"],
  ])("detects the encoding of %s as %s", (name, encoding) => {
    expect(decodeCsvBytes(fs.readFileSync(path.join(FIXTURES, name))).encoding).toBe(encoding);
  });

  it("decodes Windows-1250 Czech text (Česká spořitelna)", () => {
    const fourth = transactionsOf(parseFixture("bank2ynab_cz_ceska_sporitelna_masked.csv"))[3];
    expect(fourth).toMatchObject({ location: "line 5", amount: "-1111.11", counterparty: "XX účXX X ČX, X.X." });
    expect(fourth?.description).toBe("XXXX XXX XXXX XXXX XXXXXXXXXX");
    expect(fourth?.externalId).toBe("1111111111111");
  });

  it("decodes ISO-8859-1 umlauts (ING-DiBa) and compacts the preamble IBAN", () => {
    const file = parseFixture("ofxstmt_de_ingdiba_latin1_preamble.csv");
    expect(file.statements[0]?.accountIdentifier).toBe("DE12345678901234567890");
    const hotel = transactionsOf(file).find((t) => t.counterparty === "VISA Hotel XY");
    expect(hotel).toMatchObject({
      date: "2018-12-10",
      amount: "-150.00",
      description: "Übernachtung in Neuenhausen am 21.05.2017",
      valueDate: "2018-12-28",
    });
  });

  it("counts CR CR LF as two physical lines (Rabobank) and reads the row missing its opening quote", () => {
    const transactions = transactionsOf(parseFixture("bank2ynab_nl_rabobank_latin1_crlf.csv"));
    expect(transactions.map((t) => t.location)).toEqual(["line 3", "line 5", "line 7"]);
    expect(transactions[1]).toMatchObject({
      date: "2018-03-14",
      amount: "50.00",
      counterparty: "Nederlandse Loterij Organisatie B.V.",
      externalId: "000000000000009590",
    });
  });

  it("counts CR-only line endings", () => {
    const transactions = transactionsOf(parseFixture("csv2ofx_creditunion_cr_only_line_endings.csv"));
    expect(transactions.map((t) => t.location)).toEqual([
      "line 2",
      "line 3",
      "line 4",
      "line 5",
      "line 6",
      "line 7",
      "line 8",
      "line 9",
    ]);
  });
});

describe("CSV content under another extension", () => {
  it("reads the Swedbank (LT) export that is quoted CSV named .xls, skipping its balance and turnover lines", () => {
    const bytes = fs.readFileSync(
      path.resolve(FIXTURES, "../xls/bank2ynab_lt_swedbank_csv_content_with_xls_extension.xls"),
    );
    const file = parseCsv(bytes);
    const transactions = transactionsOf(file);
    expect(file.amountSemantics).toBe("indicator_column");
    expect(transactions).toHaveLength(13);
    expect(transactions[0]).toMatchObject({
      date: "2014-10-01",
      amount: "-15.31",
      currencyCode: "LTL",
      counterparty: "X-911 MAXIMA",
    });
    expect(transactions[12]).toMatchObject({ date: "2014-10-06", amount: "2863.63", counterparty: "UAB IMONE" });
    expect(file.statements[0]).toMatchObject({
      accountIdentifier: "LT357300000000000000",
      closingBalance: { amount: "12952.97", date: "2014-10-06" },
    });
    expect(file.warnings).toContain('line 2 is an opening balance ("Opening balance") and was skipped');
  });
});
