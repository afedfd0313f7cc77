import { describe, expect, it } from "vitest";
import type { ImportJob } from "../../db/generated/prisma/client";
import { importJobAttributes, readingAttributes } from "./import-job-view";

const job = (parseOptions: unknown) =>
  ({
    id: "00000000-0000-4000-8000-000000000001",
    accountId: "00000000-0000-4000-8000-000000000002",
    bankKey: null,
    bankName: null,
    fileName: "june.csv",
    fileType: "csv",
    totalRows: 0,
    importedCount: 0,
    skippedCount: 0,
    skippedExistingCount: 0,
    errorCount: 0,
    status: "parsed",
    previewVersion: 1,
    parseOptions,
    errorMessage: null,
    preview: [],
    openingBalanceAdjusted: [],
    revertedAt: null,
    createdAt: new Date("2026-11-23T10:00:00Z"),
    updatedAt: new Date("2026-11-23T10:00:00Z"),
  }) as unknown as ImportJob;

describe("the job's parse_options and warnings", () => {
  it("shows a job stored before the reading was kept with its two fields, no warnings and no statements", () => {
    const attributes = importJobAttributes(
      job({ amount_semantics: "signed_debit_negative", amount_semantics_required: false }),
    );
    expect(attributes.parse_options).toEqual({
      amount_semantics: "signed_debit_negative",
      amount_semantics_required: false,
      account_map_required: false,
    });
    expect(attributes.warnings).toEqual([]);
    expect(attributes.statements).toEqual([]);
  });

  it("echoes how the file was read under the API's names, and the parser's warnings", () => {
    const reading = readingAttributes({
      encoding: "windows-1252",
      delimiter: ";",
      headerRow: 1,
      skipRows: 0,
      dateFormat: "DD.MM.YYYY",
      decimalSeparator: ",",
      columns: { date: "Col A", description: ["Col B"], amount: 2 },
    });
    const stored = JSON.parse(
      JSON.stringify({
        amount_semantics: null,
        amount_semantics_required: true,
        ...reading,
        warnings: ["line 9: skipped"],
        closing_balance: null,
      }),
    );
    expect(importJobAttributes(job(stored))).toMatchObject({
      parse_options: {
        amount_semantics: null,
        amount_semantics_required: true,
        encoding: "windows-1252",
        delimiter: ";",
        header_row: 1,
        skip_rows: 0,
        date_format: "DD.MM.YYYY",
        decimal_separator: ",",
        columns: { date: "Col A", description: ["Col B"], amount: 2 },
      },
      warnings: ["line 9: skipped"],
    });
    expect(importJobAttributes(job(stored)).parse_options).not.toHaveProperty("sheet");
    expect(importJobAttributes(job(stored)).parse_options).not.toHaveProperty("closing_balance");
  });

  it("keeps a header row of null (the table has none) and leaves out what the parser did not report", () => {
    expect(readingAttributes({ headerRow: null, encoding: "utf-8" })).toEqual({ header_row: null, encoding: "utf-8" });
    expect(readingAttributes(undefined)).toEqual({});
  });
});
