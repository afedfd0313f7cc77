import { StatementUnreadableError } from "../types";
import { negateAmount } from "../numbers";
import { mt940Amount } from "./amounts";
import { entryDay, mt940Day } from "./dates";
import type { Mt940Field } from "./fields";

/** A :61: statement line. */
export interface StatementLine {
  valueDate: string;
  /** The entry (booking) date, or the value date when the line has none. */
  bookingDate: string;
  /** Signed from the account's view: money out is negative. */
  amount: string;
  /** Transaction type identification code ("NTRF", "FMSC"), null when absent. */
  typeCode: string | null;
  /** Reference for the account owner, null when empty; may be "NONREF". */
  customerReference: string | null;
  /** The bank's reference (the word after "//"), null when absent. */
  bankReference: string | null;
  /** Supplementary details (SWIFT subfield 9): text after the bank reference and on the next line. */
  supplementary: string | null;
  /**
   * The layout puts the counter account in the customer reference and the counterparty's name in
   * the supplementary details (old Rabobank fixed-width lines; SNS/ASN account number, then name).
   */
  referenceIsCounterAccount: boolean;
}

/**
 * Value date YYMMDD, optional entry date MMDD, mark (C, D, RC = reversal of a credit: money out,
 * RD = reversal of a debit: money in; "CR"/"DR" as some German banks write them), optional third
 * letter of the currency (funds code), amount with decimal comma (or point, see mt940Amount).
 */
// A decimal point has at most two digits after it, and no digit, comma or point follows the amount
// ("1.234,56" is no amount of SWIFT's: refused, not read as 1.234).
const HEAD = /^(\d{6})(\d{4})?(RC|RD|CR|DR|C|D)([A-Z])?(\d+(?:,\d*|\.\d{1,2})?)(?![\d,.])(.*)$/;
/** An IBAN or a domestic account number ("0987654321", Postbank "P002445588"). */
const ACCOUNT_NUMBER = /^(?:[A-Z]{2}\d{2}[A-Z0-9]{10,30}|P?\d{7,10})$/;

export function parseStatementLine(field: Mt940Field): StatementLine {
  const first = field.texts[0]!.trim();
  const head = HEAD.exec(first);
  const valueDate = head ? mt940Day(head[1]!) : null;
  const magnitude = head ? mt940Amount(head[5]!) : null;
  if (!head || !valueDate || magnitude === null) {
    throw new StatementUnreadableError(
      `the transaction line :61:${first} cannot be read (expected value date YYMMDD, optional entry date MMDD, C/D/RC/RD mark and amount)`,
      `line ${field.line}`,
    );
  }
  const bookingDate = head[2] ? entryDay(valueDate, head[2]) : valueDate;
  if (!bookingDate)
    throw new StatementUnreadableError(
      `the entry date "${head[2]}" of :61:${first} is not a date`,
      `line ${field.line}`,
    );
  const mark = head[3]!;
  const amount = mark === "D" || mark === "DR" || mark === "RC" ? negateAmount(magnitude) : magnitude;

  let rest = head[6]!;
  let typeCode: string | null = null;
  // Some banks write no type code at all: "...D20,00NONREF" (Penta), "...CN220000,00//1923..." (Zenith).
  if (!/^NONREF(\/\/|\s|$)/.test(rest) && /^[NFS][A-Z0-9 ]{3}/.test(rest)) {
    typeCode = rest.slice(0, 4).trim();
    rest = rest.slice(4);
  }
  const continuation = field.texts
    .slice(1)
    .map((text) => text.trim())
    .filter(Boolean);
  let customer: string;
  let bankReference: string | null = null;
  let sameLineDetails: string | null = null;
  let afterBankReference: string | null = null;
  const slash = rest.indexOf("//");
  if (slash >= 0) {
    customer = rest.slice(0, slash).trim();
    // The bank reference is one word; text after it on the line is supplementary detail (subfield 9).
    const [reference = "", ...words] = rest
      .slice(slash + 2)
      .trim()
      .split(/\s+/);
    bankReference = reference || null;
    afterBankReference = words.join(" ") || null;
    // ING wraps a long bank reference onto the next line: "//00000000001" + "005".
    const next = continuation[0];
    if (
      bankReference &&
      !afterBankReference &&
      next &&
      /^\d+$/.test(bankReference) &&
      /^\d+$/.test(next) &&
      bankReference.length + next.length <= 16
    ) {
      bankReference += next;
      continuation.shift();
    }
  } else if (rest.length > 16 && /\s$/.test(rest.slice(0, 16)) && rest.slice(16).trim()) {
    // Fixed-width layout: a 16-character reference padded with spaces, then a name.
    customer = rest.slice(0, 16).trim();
    sameLineDetails = rest.slice(16).trim();
  } else {
    customer = rest.trim();
  }
  const supplementary = [sameLineDetails, afterBankReference, ...continuation].filter(Boolean).join(" ") || null;
  return {
    valueDate,
    bookingDate,
    amount,
    typeCode,
    customerReference: customer || null,
    bankReference,
    supplementary,
    referenceIsCounterAccount: sameLineDetails !== null || (ACCOUNT_NUMBER.test(customer) && continuation.length > 0),
  };
}
