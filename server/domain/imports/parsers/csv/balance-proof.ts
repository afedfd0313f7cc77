/**
 * The proofs that tie amount columns together: a running balance the amounts reproduce row by row,
 * and debit and credit columns of which exactly one is filled per row. Amounts are compared as
 * whole ten-thousandths, so that thousands of candidate pairings stay cheap.
 */
import { cellAmount, isTyped, type TableRecord } from "./cells";
import { indicatorDirection } from "./debit-credit-marks";
import { amountWithEitherSeparator, type DecimalSeparator } from "./numbers";

/** A signed amount per sample row (null where the row has none), from one of the ways a file can say it. */
export type AmountSource =
  | { kind: "signed"; amount: number }
  | { kind: "split"; debit: number | null; credit: number | null }
  | { kind: "indicator"; amount: number; indicator: number };

/** Amounts as whole ten-thousandths: exact for money, and cheap to add up across many candidate columns. */
function amountAt(record: TableRecord, index: number, separator: DecimalSeparator): number | null {
  const value = cellAmount(record, index, separator);
  return value === null ? null : Math.round(Number(value) * 10_000);
}

export function signedAmounts(
  sample: readonly TableRecord[],
  source: AmountSource,
  separators: (i: number) => DecimalSeparator,
): Array<number | null> {
  return sample.map((record) => {
    if (source.kind === "signed") return amountAt(record, source.amount, separators(source.amount));
    if (source.kind === "split") {
      const debit = source.debit === null ? null : amountAt(record, source.debit, separators(source.debit));
      const credit = source.credit === null ? null : amountAt(record, source.credit, separators(source.credit));
      if (debit === null && credit === null) return null;
      return Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
    }
    const amount = amountAt(record, source.amount, separators(source.amount));
    if (amount === null) return null;
    const direction = indicatorDirection(record.cells[source.indicator] ?? "");
    return direction === 0 ? amount : Math.abs(amount) * direction;
  });
}

/** A column's amounts on their own (for balance candidates). */
export function columnAmounts(
  sample: readonly TableRecord[],
  index: number,
  separator: DecimalSeparator,
): Array<number | null> {
  return sample.map((record) => amountAt(record, index, separator));
}

export interface BalanceProof {
  /** Share of neighbouring rows whose balances the amounts explain. */
  fit: number;
  pairs: number;
  /** The balance is printed before the row's transaction (ASN), not after it. */
  before: boolean;
}

/**
 * How well a balance column follows the amounts, top to bottom or bottom to top (newest first), with
 * the balance after or before each row's transaction. A proof needs two or more row pairs.
 */
export function balanceProof(
  amounts: ReadonlyArray<number | null>,
  balances: ReadonlyArray<number | null>,
): BalanceProof {
  const fits: [number, number, number, number] = [0, 0, 0, 0];
  let pairs = 0;
  let previous = -1;
  for (let i = 0; i < amounts.length; i++) {
    const a = amounts[i];
    const b = balances[i];
    if (a == null || b == null) continue;
    if (previous >= 0) {
      const pa = amounts[previous] as number;
      const pb = balances[previous] as number;
      // Zero amounts fit any unchanged balance: they prove nothing.
      if (a === 0 && pa === 0) {
        previous = i;
        continue;
      }
      pairs++;
      if (b === pb + a) fits[0]++; // oldest first, balance after
      if (pb === b + pa) fits[1]++; // newest first, balance after
      if (b === pb + pa) fits[2]++; // oldest first, balance before
      if (pb === b + a) fits[3]++; // newest first, balance before
    }
    previous = i;
  }
  const best = Math.max(...fits);
  const at = fits.indexOf(best);
  return { fit: pairs === 0 ? 0 : best / pairs, pairs, before: at >= 2 && best > Math.max(fits[0], fits[1]) };
}

/** True when the proof is strong enough to overrule header names. */
export function isProven(proof: BalanceProof): boolean {
  return proof.pairs >= 2 && proof.fit >= 0.7;
}

/**
 * Two amount columns of which exactly one is filled (non-zero) on nearly every row that has either,
 * and that together cover most rows: debit and credit.
 */
export function isExclusivePair(sample: readonly TableRecord[], a: number, b: number): boolean {
  let either = 0;
  let both = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (const record of sample) {
    const hasA = !isZeroOrEmpty(record, a);
    const hasB = !isZeroOrEmpty(record, b);
    if (hasA || hasB) either++;
    if (hasA && hasB) both++;
    else if (hasA) onlyA++;
    else if (hasB) onlyB++;
  }
  return onlyA > 0 && onlyB > 0 && both <= either * 0.05 && either >= sample.length * 0.6;
}

function isZeroOrEmpty(record: TableRecord, index: number): boolean {
  const typed = record.typed?.[index];
  if (typed) return typed.amount === null || /^-?[0.]*$/.test(typed.amount);
  const text = (record.cells[index] ?? "").trim();
  if (text === "" || isTyped(record, index)) return true;
  const value = amountWithEitherSeparator(text);
  return value === null || /^-?[0.]*$/.test(value);
}
