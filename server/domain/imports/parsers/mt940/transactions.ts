import type { ParsedTransaction } from "../types";
import { transactionDescription } from "./description";
import { readDetails } from "./details";
import type { RawTransaction } from "./statements";

/**
 * A reference that can identify a transaction: not NONREF, one word of at least 6 characters with
 * a digit. "nota", "EREF", "01916" or "DBT.DB  70201234" are words, codes or text, not ids.
 */
function identifying(reference: string | null): string | null {
  if (
    !reference ||
    /^NONREF$/i.test(reference) ||
    !/\d/.test(reference) ||
    reference.length < 6 ||
    /\s/.test(reference)
  )
    return null;
  return reference;
}

/**
 * The text without the counter account and name the :61: line already gave when :86: starts with them
 * (SNS: "0987654321 marechal s dit is een test" -> "dit is een test"); the text itself when nothing else is left.
 */
function withoutLeading(text: string, leads: ReadonlyArray<string | null>): string {
  let rest = text;
  for (const lead of leads) {
    const words = lead?.replace(/\s+/g, " ").trim();
    if (words && rest.toLowerCase().startsWith(`${words.toLowerCase()} `))
      rest = rest.slice(words.length + 1).trimStart();
  }
  return rest === "" ? text : rest;
}

/**
 * One :61: with its :86: as a ParsedTransaction (the description: `transactionDescription`). The
 * bank reference (after "//") is the external id, else the customer reference when it is not the
 * counter account.
 */
export function toParsedTransaction(raw: RawTransaction, row: number, currencyCode: string | null): ParsedTransaction {
  const line = raw.line;
  const details = readDetails(raw.details);
  const counterparty = details.counterparty ?? (line.referenceIsCounterAccount ? line.supplementary : null);
  const customerReference =
    line.customerReference && !/^NONREF$/i.test(line.customerReference) ? line.customerReference : null;
  return {
    row,
    date: line.bookingDate,
    valueDate: line.valueDate,
    amount: line.amount,
    currencyCode,
    description: line.referenceIsCounterAccount
      ? withoutLeading(transactionDescription(details, line), [line.customerReference, line.supplementary])
      : transactionDescription(details, line),
    counterparty: counterparty?.replace(/\s+/g, " ").trim() || null,
    externalId:
      identifying(line.bankReference) ?? (line.referenceIsCounterAccount ? null : identifying(customerReference)),
    location: `line ${raw.field.line}`,
  };
}

/**
 * A reference that repeats within one account's transactions is no transaction id (PostFinance
 * writes the same customer reference on every line): it is dropped, so that it does not mark
 * real transactions as duplicates.
 */
export function dropRepeatedIds(transactions: ParsedTransaction[], account: string | null, warnings: string[]): void {
  const count = new Map<string, number>();
  for (const row of transactions) if (row.externalId) count.set(row.externalId, (count.get(row.externalId) ?? 0) + 1);
  for (const [id, times] of count) {
    if (times < 2) continue;
    warnings.push(
      `Reference ${id} appears on ${times} transactions of account ${account ?? "(no number)"}; it is not used as their bank id.`,
    );
    for (const row of transactions) if (row.externalId === id) row.externalId = null;
  }
}
