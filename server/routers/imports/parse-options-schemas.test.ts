import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validationMessage } from "../../errors";
import { dateFormatProblem } from "./parse-option-fields";
import { parseOptionsText, toParseOptions } from "./parse-options-schemas";

/** The form field as the upload reads it: the message a client gets, or the options the parser gets. */
const field = z.object({ parse_options: parseOptionsText });
function read(text: string) {
  const result = field.safeParse({ parse_options: text });
  return result.success
    ? { options: toParseOptions(result.data.parse_options) }
    : { message: validationMessage(result.error.issues) };
}

describe("parse_options", () => {
  it("reads every option into the parsers' options, names normalised", () => {
    const text = JSON.stringify({
      encoding: "Latin1",
      delimiter: "tab",
      header_row: null,
      skip_rows: 3,
      date_format: "YYYYMMDD",
      decimal_separator: ",",
      amount_semantics: "split_columns",
      columns: { date: " Buchungstag ", debit: 4, credit: 5, description: ["Verwendungszweck", 7] },
      sheet: 1,
    });
    expect(read(text)).toEqual({
      options: {
        encoding: "windows-1252",
        delimiter: "\t",
        headerRow: null,
        skipRows: 3,
        dateFormat: "YYYYMMDD",
        decimalSeparator: ",",
        amountSemantics: "split_columns",
        columns: { date: "Buchungstag", debit: 4, credit: 5, description: ["Verwendungszweck", 7] },
        sheet: 1,
      },
    });
  });

  it("leaves out what is not given, and takes a real tab and the other delimiter words", () => {
    expect(read("{}")).toEqual({ options: {} });
    expect(read('{"delimiter": "\\t", "sheet": "Umsätze"}')).toEqual({
      options: { delimiter: "\t", sheet: "Umsätze" },
    });
    expect(read('{"delimiter": "Semicolon"}')).toEqual({ options: { delimiter: ";" } });
    expect(read('{"delimiter": "pipe"}')).toEqual({ options: { delimiter: "|" } });
  });

  it.each([
    ["not json", "parse_options: is not valid JSON"],
    ["[1]", "parse_options: must be a JSON object"],
    ['"a string"', "parse_options: must be a JSON object"],
    ['{"colums": {}}', "parse_options.colums: is not a parse option (the parse options are encoding, delimiter"],
    [
      '{"columns": {"iban": 1}}',
      "parse_options.columns.iban: is not a column role (the column roles are date, value_date",
    ],
    ['{"delimiter": ":"}', 'parse_options.delimiter: must be ",", ";", "|", "~", a tab'],
    ['{"header_row": 0}', "parse_options.header_row: must be a whole number from 1"],
    ['{"header_row": "1"}', "parse_options.header_row: must be a whole number from 1"],
    ['{"skip_rows": 1.5}', "parse_options.skip_rows: must be a whole number from 0"],
    ['{"encoding": "klingon-8"}', "parse_options.encoding: is not a character encoding this service reads"],
    [
      '{"date_format": "DD.MM"}',
      "parse_options.date_format: must hold a day (DD or D), a month (MM, M or MMM) and a year (YYYY or YY) once each",
    ],
    ['{"date_format": "dd.mm.yyyy"}', "parse_options.date_format: must hold a day"],
    ['{"date_format": "DD.MM.YYYY DD"}', "parse_options.date_format: must hold a day"],
    ['{"decimal_separator": ";"}', 'parse_options.decimal_separator: must be "." or ","'],
    ['{"amount_semantics": "negative"}', "parse_options.amount_semantics: must be one of: signed_debit_negative"],
    [
      '{"columns": {"amount": -1}}',
      "parse_options.columns.amount: must be the column's header name (text) or its 0-based position",
    ],
    ['{"columns": {"amount": "  "}}', "parse_options.columns.amount: must not be empty"],
    ['{"columns": {"amount": ["Betrag"]}}', "parse_options.columns.amount: must be the column's header name"],
    ['{"columns": {"description": []}}', "parse_options.columns.description: must name at least one column"],
    ['{"columns": []}', "parse_options.columns: must be a JSON object"],
    ['{"sheet": true}', "parse_options.sheet: must be a sheet's name (text) or its 0-based position"],
    ['{"columns": {"date": "Datum\\u0000"}}', "parse_options.columns.date: must not contain control characters"],
    ['{"a\\u0000b": 1}', "parse_options.a?b: must not contain control characters"],
  ])("refuses %s naming the option", (text, expected) => {
    const answer = read(text);
    expect(answer.message).toMatch(/^Validation failed: parse_options/);
    expect(answer.message).toContain(expected);
  });

  it("reads date formats token by token, longest token first", () => {
    for (const format of ["DD.MM.YYYY", "MM/DD/YY", "YYYYMMDD", "D MMM YYYY", "YYYY-MM-DD", "D.M.YY"])
      expect(dateFormatProblem(format)).toBeNull();
    expect(dateFormatProblem("MMMM YYYY DD")).toContain("(month: 2)");
    expect(dateFormatProblem("DD.MM.YYYY DD")).toContain("(day: 2)");
  });

  it("refuses more than 4 KiB", () => {
    const text = JSON.stringify({
      columns: { description: Array.from({ length: 16 }, (_, i) => `${"long header ".repeat(25)}${i}`) },
    });
    expect(read(text).message).toBe("Validation failed: parse_options: must be at most 4096 bytes of JSON");
  });
});
