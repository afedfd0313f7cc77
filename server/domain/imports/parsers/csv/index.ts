/**
 * parseCsv: a bank's CSV export (any of the common encodings, delimiters and layouts) read into
 * statements. See the module files for each step: encoding -> dialect -> table -> interpret-table
 * (profile and columns -> formats and semantics -> rows -> statements).
 */
import type { ParsedFile, ParseOptions } from "../types";
import { StatementUnreadableError } from "../types";
import { detectDelimiter, normaliseLineEndings, readRecords } from "./dialect";
import { decodeCsvBytes } from "./encoding";
import { interpretTable } from "./interpret-table";
import { findTable } from "./table";

export { StatementUnreadableError };

/** Reads a CSV bank statement; throws StatementUnreadableError (with the line) when it cannot. */
export function parseCsv(bytes: Buffer, options: ParseOptions = {}): ParsedFile {
  const { text, encoding } = decodeCsvBytes(bytes, options.encoding);
  const normalised = normaliseLineEndings(text);
  const delimiter = options.delimiter ?? detectDelimiter(normalised);
  const records = readRecords(normalised, delimiter);
  const table = findTable(records, { skipRows: options.skipRows, headerRow: options.headerRow });
  const reading = interpretTable(records, table, { ...options, delimiter, fallbackBankKey: "generic_csv" });
  if ("missing" in reading) throw new StatementUnreadableError(reading.missing, reading.at);
  return { fileType: "csv", ...reading, optionsUsed: { encoding, delimiter, ...reading.optionsUsed } };
}
