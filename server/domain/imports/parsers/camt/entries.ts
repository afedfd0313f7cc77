/**
 * One CAMT booking entry (`Ntry`) as the transactions a person sees: one, or one per batched
 * transaction (`NtryDtls/TxDtls`) when the batch gives each one's amount.
 */
import Decimal from "decimal.js";
import { isoDate } from "../dates";
import { StatementUnreadableError, type ParsedTransaction } from "../types";
import { at, childrenNamed, textAt, type XmlElement } from "./xml";

/** An entry's transaction, without the row number the statement gives it once entries are in order. */
export type CamtTransaction = Pick<
  ParsedTransaction,
  "date" | "valueDate" | "amount" | "currencyCode" | "description" | "counterparty" | "externalId" | "location"
>;

/** The date of an entry that gives neither a booking nor a value date: its statement's day is written in (parse-camt.ts). */
export const UNDATED = "";

export type EntryReading =
  { kind: "booked"; transactions: CamtTransaction[]; warning: string | null } | { kind: "pending"; status: string };

/** An ISO 20022 amount: digits with an optional fraction, no sign (the sign is CdtDbtInd's). */
const AMOUNT = /^\d+(\.\d+)?$/;

/** A `Amt Ccy="EUR">12.30<` element read to its unsigned amount and currency; null when absent. */
export function amountOf(
  element: XmlElement | null,
  location: string,
): { amount: string; currency: string | null } | null {
  if (!element) return null;
  const text = element.text.trim();
  if (!AMOUNT.test(text)) throw new StatementUnreadableError(`the amount "${text}" cannot be read`, location);
  const currency = element.attributes.Ccy?.trim().toUpperCase() || null;
  return { amount: text.replace(/^0+(?=\d)/, ""), currency };
}

/** CRDT is money in, DBIT money out; anything else cannot be booked. */
export function signed(amount: string, indicator: string | null, location: string): string {
  if (indicator === "CRDT") return amount;
  if (indicator === "DBIT") return /^[0.]+$/.test(amount) ? amount : `-${amount}`;
  throw new StatementUnreadableError(
    `the credit/debit indicator ${indicator ? `"${indicator}"` : "is missing and"} cannot be read (CRDT or DBIT)`,
    location,
  );
}

/** `Dt` or `DtTm` inside a date choice, as the day printed (a time zone never shifts it). */
export function dateOf(choice: XmlElement | null): string | null {
  const text = textAt(choice, "Dt") ?? textAt(choice, "DtTm");
  const found = text ? /^(\d{4})-(\d{2})-(\d{2})/.exec(text) : null;
  return found ? isoDate(Number(found[1]), Number(found[2]), Number(found[3])) : null;
}

/** Versions up to 08 write `<Sts>BOOK</Sts>`; 09 and later `<Sts><Cd>BOOK</Cd></Sts>`. */
function statusOf(entry: XmlElement): string | null {
  return textAt(entry, "Sts", "Cd") ?? textAt(entry, "Sts", "Prtry") ?? textAt(entry, "Sts");
}

/** A party's name: `Nm` up to version 07, `Pty/Nm` from 08 on, or the bank's name when the party is an agent. */
function partyName(party: XmlElement | null): string | null {
  return textAt(party, "Nm") ?? textAt(party, "Pty", "Nm") ?? textAt(party, "Agt", "FinInstnId", "Nm") ?? null;
}

/** The other side of the payment: the creditor of money going out, the debtor of money coming in. */
function counterpartyOf(details: XmlElement | null, amount: string): string | null {
  const parties = at(details, "RltdPties");
  if (!parties) return null;
  const out = amount.startsWith("-");
  return out
    ? (partyName(at(parties, "Cdtr")) ?? partyName(at(parties, "UltmtCdtr")))
    : (partyName(at(parties, "Dbtr")) ?? partyName(at(parties, "UltmtDbtr")));
}

/** Swiss banks' processing marks in AddtlRmtInf ("?REJECT?0", "?ERROR?000"): no words of the payment. */
const PROCESSING_CODE = /^(?:\?[A-Z]+\?\d*\s*)+$/;

/** Unstructured lines joined (the payer's own words: free); else the structured reference and its additional text. */
function remittanceOf(details: XmlElement | null): { text: string; free: boolean } | null {
  const info = at(details, "RmtInf");
  // SEPA's NOTPROVIDED in a line of its own says no words were given (a Belgian bank's on every row).
  const lines = childrenNamed(info, "Ustrd")
    .map((line) => line.text.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "" && usable(line) !== null);
  if (lines.length > 0) return { text: lines.join(" "), free: true };
  const structured = childrenNamed(info, "Strd").flatMap((part) => [
    textAt(part, "CdtrRefInf", "Ref"),
    ...childrenNamed(part, "AddtlRmtInf")
      .map((line) => line.text.replace(/\s+/g, " ").trim())
      .filter((line) => !PROCESSING_CODE.test(line)),
  ]);
  const text = structured.filter(Boolean).join(" ");
  return text ? { text, free: false } : null;
}

const usable = (reference: string | null) =>
  reference && !/^(NOTPROVIDED|NONREF|NOT PROVIDED)$/i.test(reference) ? reference : null;

/** A transaction's references, best first: the bank's own, the payer's end-to-end id, the transaction id. */
function referencesOf(details: XmlElement | null): string[] {
  return [
    usable(textAt(details, "Refs", "AcctSvcrRef")),
    usable(textAt(details, "Refs", "EndToEndId")),
    usable(textAt(details, "Refs", "TxId")),
  ].filter((reference): reference is string => reference !== null);
}

/**
 * Each batched transaction's id: its first reference that no other part of the batch shares (a
 * bank may give every part the batch's id), else the entry's reference with the part's number.
 */
function batchIds(details: XmlElement[], entryReference: string | null): Array<string | null> {
  const seen = new Map<string, number>();
  const candidates = details.map(referencesOf);
  for (const list of candidates)
    for (const reference of new Set(list)) seen.set(reference, (seen.get(reference) ?? 0) + 1);
  return candidates.map(
    (list, index) =>
      list.find((reference) => seen.get(reference) === 1) ?? (entryReference ? `${entryReference}/${index + 1}` : null),
  );
}

/** The amount of one batched transaction in the entry's currency, or null when the file does not give it. */
function detailAmount(details: XmlElement, entryCurrency: string | null, location: string): string | null {
  const amount =
    amountOf(at(details, "AmtDtls", "TxAmt", "Amt"), location) ?? amountOf(at(details, "Amt"), location) ?? null;
  if (!amount || (amount.currency && entryCurrency && amount.currency !== entryCurrency)) return null;
  return amount.amount;
}

/**
 * The payment's words: its unstructured remittance (the payer's own, letters or not); else the first
 * of the structured remittance, the transaction's text and the entry's (not for a batch's part) that
 * has a letter, a reference number only when none has (a Swiss QR reference is no description beside
 * "EINZAHLUNG AUF EIGENES KONTO ..."); else the entry's text, a batch's summary, the other party, or
 * the bank's transaction code when it is words.
 */
function descriptionOf(
  remittance: { text: string; free: boolean } | null,
  own: string | null,
  entryInfo: string | null,
  batch: { size: number; part: boolean } | null,
  counterparty: string | null,
  codeText: string | null,
): string {
  // The payer's own words stand, letters or not ("4711 0815 2024", an invoice's number).
  if (remittance?.free) return remittance.text;
  // A batch's parts share the entry's text: a part's own reference tells them apart.
  const shared = batch?.part ? null : entryInfo;
  const given = [remittance?.text ?? null, own, shared].filter(
    (text): text is string => text !== null && text.trim() !== "",
  );
  return (
    given.find((text) => /\p{L}/u.test(text)) ??
    given[0] ??
    entryInfo ??
    (batch ? `Batch of ${batch.size} transactions` : null) ??
    counterparty ??
    codeText ??
    ""
  );
}

/**
 * Reads one entry. Booked entries (status BOOK, or no status) give their transactions; others are
 * reported as pending. Throws StatementUnreadableError (with the entry's line) when its amount,
 * sign or date cannot be read.
 */
export function readEntry(entry: XmlElement): EntryReading {
  const location = `line ${entry.line}`;
  const status = statusOf(entry);
  if (status && status.toUpperCase() !== "BOOK") return { kind: "pending", status };
  const amountElement = at(entry, "Amt");
  const read = amountOf(amountElement, location);
  if (!read) throw new StatementUnreadableError("the entry has no amount (Amt)", location);
  const indicator = textAt(entry, "CdtDbtInd");
  const amount = signed(read.amount, indicator, location);
  const valueDate = dateOf(at(entry, "ValDt"));
  const date = dateOf(at(entry, "BookgDt")) ?? valueDate ?? UNDATED;
  const entryInfo = textAt(entry, "AddtlNtryInf");
  // A proprietary code written as words ("ACH Credit Receipt", Goldman Sachs'), not as a code ("ATSISK").
  const proprietary = textAt(entry, "BkTxCd", "Prtry", "Cd");
  const codeText = proprietary && /\p{L}\s+\p{L}/u.test(proprietary) ? proprietary : null;
  const entryReference = usable(textAt(entry, "AcctSvcrRef"));
  const details = childrenNamed(entry, "NtryDtls").flatMap((group) => childrenNamed(group, "TxDtls"));

  const base = (detail: XmlElement | null, partAmount: string, externalId: string | null): CamtTransaction => ({
    date,
    valueDate,
    amount: partAmount,
    currencyCode: read.currency,
    description: descriptionOf(
      remittanceOf(detail),
      textAt(detail, "AddtlTxInf"),
      entryInfo,
      details.length >= 2 ? { size: details.length, part: detail !== null } : null,
      counterpartyOf(detail, partAmount),
      codeText,
    ),
    counterparty: counterpartyOf(detail, partAmount),
    externalId,
    location: detail && detail !== details[0] ? `line ${detail.line}` : location,
  });

  if (details.length >= 2) {
    const parts = details.map((detail) => {
      const part = detailAmount(detail, read.currency, `line ${detail.line}`);
      if (part === null) return null;
      const partIndicator = textAt(detail, "CdtDbtInd") ?? indicator;
      return { detail, amount: signed(part, partIndicator, `line ${detail.line}`) };
    });
    if (parts.every((part) => part !== null)) {
      const sum = parts.reduce((total, part) => total.plus(part.amount), new Decimal(0));
      if (sum.eq(amount)) {
        const ids = batchIds(
          parts.map((part) => part.detail),
          entryReference,
        );
        return {
          kind: "booked",
          warning: null,
          transactions: parts.map((part, index) => base(part.detail, part.amount, ids[index] ?? null)),
        };
      }
      return {
        kind: "booked",
        warning: `The batch of ${parts.length} transactions at ${location} adds up to ${sum.toFixed()}, not the entry's ${amount}; it was kept as one transaction.`,
        transactions: [base(null, amount, entryReference)],
      };
    }
    // A batch without each payment's amount is one transaction: what the balance moved by.
    return { kind: "booked", warning: null, transactions: [base(null, amount, entryReference)] };
  }
  const only = details[0] ?? null;
  return {
    kind: "booked",
    warning: null,
    transactions: [base(only, amount, entryReference ?? referencesOf(only)[0] ?? null)],
  };
}
