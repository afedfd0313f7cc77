/**
 * The CSV samples of the shared fixtures folder, read the way the fixture tests read them, and what
 * each sample is expected to hold (values read from the files themselves, decoded with iconv where
 * they are not UTF-8).
 */
import fs from "node:fs";
import path from "node:path";
import type { AmountSemantics, ParsedFile, ParsedTransaction } from "../types";
import { parseCsv } from "./index";

export const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/statements/csv");

/** Transaction count, first and last transaction, bank profile and sign convention of one sample. */
export interface FixtureExpectation {
  count: number;
  first: [date: string, amount: string, description: string];
  last: [date: string, amount: string, description: string];
  bankKey: string;
  semantics: AmountSemantics | null;
  required?: boolean;
  currency?: string | null;
  closing?: { amount: string; date: string } | null;
}

/** One sample, read by name with the given parse options. */
export function parseFixture(name: string, options = {}): ParsedFile {
  return parseCsv(fs.readFileSync(path.join(FIXTURES, name)), options);
}

/** Every statement's transactions, in the order of the file's rows. */
export function transactionsOf(file: ParsedFile): ParsedTransaction[] {
  return file.statements.flatMap((s) => s.transactions).sort((a, b) => a.row - b.row);
}
