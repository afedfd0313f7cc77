/**
 * Expectations for statement samples read by hand (MT940, OFX and QFX): each statement's account,
 * currency, count and balances, and its first and last transaction, checked against a parsed file.
 */
import { expect } from "vitest";
import type { ParsedStatement, ParsedTransaction } from "./types";

export interface ExpectedRow {
  date: string;
  amount: string;
  externalId: string | null;
  /** A fragment of the description (omitted when the bank gives none worth checking). */
  text?: string;
  counterparty?: string | null;
}

export interface ExpectedStatement {
  account: string | null;
  currency: string | null;
  count: number;
  opening?: { amount: string; date: string };
  closing: { amount: string; date: string } | null;
  first?: ExpectedRow;
  last?: ExpectedRow;
}

export interface ExpectedFile {
  bankKey: string | null;
  statements: ExpectedStatement[];
}

/** A file the parser refuses, with the reason it gives. */
export interface RefusedFile {
  refused: RegExp;
}

export const row = (
  date: string,
  amount: string,
  externalId: string | null,
  text?: string,
  counterparty?: string | null,
): ExpectedRow => ({
  date,
  amount,
  externalId,
  ...(text !== undefined ? { text } : {}),
  ...(counterparty !== undefined ? { counterparty } : {}),
});

export const bal = (amount: string, date: string) => ({ amount, date });

/** A file of one statement. */
export const one = (bankKey: string, statement: ExpectedStatement): ExpectedFile => ({
  bankKey,
  statements: [statement],
});

function checkRow(actual: ParsedTransaction | undefined, expected: ExpectedRow): void {
  expect(actual).toBeDefined();
  expect({ date: actual!.date, amount: actual!.amount, externalId: actual!.externalId }).toEqual({
    date: expected.date,
    amount: expected.amount,
    externalId: expected.externalId,
  });
  if (expected.text !== undefined) expect(actual!.description).toContain(expected.text);
  if (expected.counterparty !== undefined) expect(actual!.counterparty).toBe(expected.counterparty);
}

export function checkStatement(actual: ParsedStatement, expected: ExpectedStatement): void {
  expect(actual.accountIdentifier).toBe(expected.account);
  expect(actual.currencyCode).toBe(expected.currency);
  expect(actual.transactions).toHaveLength(expected.count);
  expect(actual.closingBalance).toEqual(expected.closing);
  if (expected.opening) expect(actual.openingBalance).toEqual(expected.opening);
  if (expected.first) checkRow(actual.transactions[0], expected.first);
  if (expected.last) checkRow(actual.transactions.at(-1), expected.last);
  for (const transaction of actual.transactions) expect(transaction.currencyCode).toBe(expected.currency);
}
