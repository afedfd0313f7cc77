import type { TransactionDetails } from "./details";
import type { StatementLine } from "./statement-line";

/** SWIFT transaction type codes (:61: subfield 6 after its N/F/S), as a bank may repeat them in :86:. */
const SWIFT_TYPES =
  "BNK BOE BRF CHG CHK CLR CMI CMN CMP CMS CMT CMZ COL COM DCR DDT DIV ECK EQA EXT FEX INT LBX LDP MAR MSC RTI SEC STO TCK TRF VDA";
/** A transaction code alone: a German GVC or Dutch booking code ("166", "051"), or a SWIFT type ("NTRF", "N426"). */
const TRANSACTION_CODE = new RegExp(`^(?:\\d{3}|[NFS](?:\\d{3}|${SWIFT_TYPES.replace(/ /g, "|")}))$`);
/** The standard words for "no reference": SWIFT's NONREF, SEPA's NOTPROVIDED. */
const NO_REFERENCE = /^(?:NONREF|NOTPROVIDED)$/;
/** SEPA keys ("EREF+"), which label text rather than being text. */
const SEPA_KEY = /\b(?:EREF|KREF|MREF|CRED|DEBT|ABWA|ABWE|COAM|OAMT|SVWZ)\+/g;

/**
 * True when a text says nothing: without NONREF/NOTPROVIDED, transaction codes (the line's own type
 * code included), spaces and punctuation, what is left is nothing ("-", ".", "/") or one
 * character repeated ("XXXXXXXX", "AAAA", "0"). "7777 4444 2222 0000" is a reference, not a placeholder.
 */
export function isPlaceholder(text: string | null, typeCode: string | null = null): boolean {
  const words = (text ?? "")
    .toUpperCase()
    .replace(SEPA_KEY, " ")
    .split(/[^\p{L}\p{N}]+/u);
  const left = words
    .filter((word) => !NO_REFERENCE.test(word) && !TRANSACTION_CODE.test(word) && word !== typeCode)
    .join("");
  return /^(?:(.)\1*)?$/u.test(left);
}

/**
 * The description of one :61: with its :86:. The :86: text wins when it says something: the
 * purpose (SEPA SVWZ+, ?20-?29/?60-?63, /REMI/), else the counterparty, the booking text, the whole
 * :86: text. Only when :86: is missing or holds placeholders do the :61: supplementary details
 * (after the bank reference and on the next line) stand in, then the customer reference. The
 * :61: details are not added to a :86: that has text: next to one, banks write codes
 * ("/TRCD/00200/"), reference numbers, the counter account or a shorter restatement there.
 */
export function transactionDescription(details: TransactionDetails, line: StatementLine): string {
  const candidates = [
    details.purpose,
    details.counterparty,
    details.postingText,
    details.text,
    line.supplementary,
    line.customerReference,
  ];
  const text = candidates.find((candidate) => candidate !== null && !isPlaceholder(candidate, line.typeCode)) ?? "";
  return text.replace(/\s+/g, " ").trim();
}
