/**
 * The amount columns and the running balance: a balance the amounts reproduce row by row proves
 * which columns they are, whatever the names say; without a proof, the cells' signs and the names
 * decide between one signed column, a column with a debit/credit mark, and a debit/credit pair.
 */
import {
  type AmountSource,
  balanceProof,
  type BalanceProof,
  columnAmounts,
  isExclusivePair,
  isProven,
  signedAmounts,
} from "./balance-proof";
import type { TableRecord } from "./cells";
import { isAmountColumn, isIndicatorColumn, type ColumnFacts } from "./column-facts";
import { namedAs, release, type SettleInput, taken } from "./column-claims";
import type { ColumnMap } from "./columns";
import type { ColumnRole } from "./headers";
import type { DecimalSeparator } from "./numbers";

/** Rows the balance proof looks at: enough to be sure, few enough to try every pairing quickly. */
const PROOF_ROWS = 200;

interface Candidate {
  source: AmountSource;
  balance: number;
  proof: BalanceProof;
  /** How many of its columns the header names agree with. */
  named: number;
}

function sourceColumns(source: AmountSource): number[] {
  if (source.kind === "split") return [source.debit, source.credit].filter((i): i is number => i !== null);
  return source.kind === "indicator" ? [source.amount, source.indicator] : [source.amount];
}

function namesAgree(names: readonly string[], source: AmountSource, balance: number): number {
  let agree = namedAs(names, balance, "balance") || namedAs(names, balance, "balanceBefore") ? 1 : 0;
  if (source.kind === "split") {
    agree +=
      (source.debit !== null && namedAs(names, source.debit, "debit") ? 1 : 0) +
      (source.credit !== null && namedAs(names, source.credit, "credit") ? 1 : 0);
  } else agree += namedAs(names, source.amount, "amount") ? 1 : 0;
  return agree;
}

function apply(map: ColumnMap, source: AmountSource): void {
  for (const i of sourceColumns(source)) release(map, i);
  map.amount = source.kind === "split" ? null : source.amount;
  map.debit = source.kind === "split" ? source.debit : null;
  map.credit = source.kind === "split" ? source.credit : null;
  if (source.kind === "indicator") map.indicator = source.indicator;
}

/** Every way the amount columns could be read: one signed column, one with a mark column, a debit/credit pair. */
function amountSources(sample: readonly TableRecord[], numeric: number[], indicators: number[]): AmountSource[] {
  const sources: AmountSource[] = numeric.map((amount) => ({ kind: "signed", amount }));
  for (const amount of numeric)
    for (const indicator of indicators) sources.push({ kind: "indicator", amount, indicator });
  for (const a of numeric) {
    for (const b of numeric) {
      if (a !== b && isExclusivePair(sample, a, b)) sources.push({ kind: "split", debit: a, credit: b });
    }
  }
  // A debit column whose credit column is empty in this file (or the reverse).
  for (const a of numeric)
    sources.push({ kind: "split", debit: a, credit: null }, { kind: "split", debit: null, credit: a });
  return sources;
}

/** Sample rows grouped by the currency they name: a multi-currency file keeps one running balance per currency. */
function currencyGroups(sample: readonly TableRecord[], currency: number | null): TableRecord[][] {
  if (currency === null) return [[...sample]];
  const groups = new Map<string, TableRecord[]>();
  for (const record of sample) {
    const key = (record.cells[currency] ?? "").trim();
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }
  return [...groups.values()];
}

function proofOf(
  groups: TableRecord[][],
  source: AmountSource,
  balance: number,
  separator: (i: number) => DecimalSeparator,
): BalanceProof {
  let fitted = 0;
  let pairs = 0;
  let before = 0;
  const amounts = groups.map((group) => signedAmounts(group, source, separator));
  // Amounts that never vary (an exchange rate of 1, a fee) explain any counter: they prove nothing.
  if (new Set(amounts.flat().filter((a) => a !== null && a !== 0)).size < 2) return { fit: 0, pairs: 0, before: false };
  for (const [g, group] of groups.entries()) {
    const proof = balanceProof(amounts[g] ?? [], columnAmounts(group, balance, separator(balance)));
    fitted += proof.fit * proof.pairs;
    pairs += proof.pairs;
    if (proof.before) before += proof.pairs;
  }
  return { fit: pairs === 0 ? 0 : fitted / pairs, pairs, before: before * 2 > pairs };
}

/** The better fit; at equal fit the names' choice, then a balance after the transaction (far more common than before it). */
function preferred(a: Candidate, b: Candidate): boolean {
  if (a.proof.fit !== b.proof.fit) return a.proof.fit > b.proof.fit;
  if (a.named !== b.named) return a.named > b.named;
  return !a.proof.before && b.proof.before;
}

/** The pairing the header names make, when they name an amount (or debit and credit) and a balance column. */
function namedSource(map: ColumnMap): AmountSource | null {
  if (map.debit !== null && map.credit !== null) return { kind: "split", debit: map.debit, credit: map.credit };
  if (map.amount !== null && map.indicator !== null)
    return { kind: "indicator", amount: map.amount, indicator: map.indicator };
  return map.amount === null ? null : { kind: "signed", amount: map.amount };
}

/**
 * The amount and balance columns that a running balance proves. The names' own pairing is kept when
 * the cells prove it; otherwise every pairing of the amount-like columns is tried.
 */
function provenAmounts(
  input: SettleInput,
  facts: ColumnFacts[],
  numeric: number[],
  indicators: number[],
  map: ColumnMap,
): Candidate | null {
  const sample = input.sample.slice(0, PROOF_ROWS);
  const groups = currencyGroups(sample, map.currency);
  const separator = (i: number): DecimalSeparator => facts[i]?.separator ?? ".";
  const named = namedSource(map);
  if (named && map.balance !== null) {
    const proof = proofOf(groups, named, map.balance, separator);
    if (isProven(proof)) return { source: named, balance: map.balance, proof, named: 0 };
  }
  // A balance column moves: one that stays put (zeros, a fee column) proves nothing.
  const balances = numeric.filter(
    (i) => (facts[i]?.distinct ?? 0) >= Math.min(3, facts[i]?.filled ?? 0) && (facts[i]?.filled ?? 0) >= 2,
  );
  let best: Candidate | null = null;
  for (const source of amountSources(sample, numeric, indicators)) {
    for (const balance of balances) {
      if (sourceColumns(source).includes(balance)) continue;
      const proof = proofOf(groups, source, balance, separator);
      if (!isProven(proof)) continue;
      const agree = namesAgree(input.names, source, balance);
      if (!best || preferred({ source, balance, proof, named: agree }, best))
        best = { source, balance, proof, named: agree };
    }
  }
  return best;
}

/** Without a proof: the named columns when they hold amounts, else debit/credit columns, else the signed column. */
function guessedAmounts(
  input: SettleInput,
  facts: ColumnFacts[],
  numeric: number[],
  map: ColumnMap,
): AmountSource | null {
  const { names, sample } = input;
  const free = numeric.filter((i) => !namedAs(names, i, "balance") && !namedAs(names, i, "balanceBefore"));
  const filled = (i: number) => facts[i]?.filled ?? 0;
  // One side of a pair named ("Depositos y abonos" beside an unnamed "Cheques y otros cargos", BCI's):
  // the other is the column whose rows it leaves empty, the nearest of them.
  const oneSide = map.amount === null && (map.debit === null) !== (map.credit === null);
  const named = map.debit ?? map.credit;
  if (oneSide && named !== null && numeric.includes(named)) {
    const partner = free
      .filter(
        (i) => i !== named && i !== map.balance && isExclusivePair(sample, Math.min(i, named), Math.max(i, named)),
      )
      .sort((a, b) => Math.abs(a - named) - Math.abs(b - named) || filled(b) - filled(a))[0];
    // A credit column without a partner whose amounts go both ways, "+10,000" and "-220" (Mobile Suica's
    // "入金・利用額", money in and spent), is a signed amount: read as credits, the minus was lost.
    const twoWayCredit =
      map.credit === named && (facts[named]?.negatives ?? 0) > 0 && facts[named]!.negatives < filled(named);
    if (partner === undefined) return twoWayCredit ? { kind: "signed", amount: named } : null;
    return map.debit === null
      ? { kind: "split", debit: partner, credit: named }
      : { kind: "split", debit: named, credit: partner };
  }
  if ([map.amount, map.debit, map.credit].some((i) => i !== null && numeric.includes(i))) return null;
  // A column with money going both ways is a signed amount, whatever else is beside it.
  const twoWay = free.filter((i) => (facts[i]?.negatives ?? 0) > 0 && (facts[i]?.negatives ?? 0) < filled(i));
  if (twoWay.length > 0)
    return { kind: "signed", amount: [...twoWay].sort((a, b) => filled(b) - filled(a) || a - b)[0] as number };
  // The debit/credit pair: side by side if any pair is (exports print them together), then the one covering most rows.
  let pair: [number, number] | null = null;
  const rank = ([a, b]: [number, number]) => (b - a === 1 ? 1_000_000 : 0) + filled(a) + filled(b);
  for (const a of free) {
    for (const b of free) {
      if (a >= b || !isExclusivePair(sample, a, b)) continue;
      if (!pair || rank([a, b]) > rank(pair)) pair = [a, b];
    }
  }
  if (pair) {
    const [a, b] = pair;
    // Which is the debit: the names, else the one printed negative, else the left one (debit comes first in most exports).
    const aDebit =
      namedAs(names, a, "debit") ||
      namedAs(names, b, "credit") ||
      (facts[a]?.negatives ?? 0) > (facts[b]?.negatives ?? 0);
    const bDebit =
      namedAs(names, b, "debit") ||
      namedAs(names, a, "credit") ||
      (facts[b]?.negatives ?? 0) > (facts[a]?.negatives ?? 0);
    return bDebit && !aDebit ? { kind: "split", debit: b, credit: a } : { kind: "split", debit: a, credit: b };
  }
  // The column with minus signs, else the one with cents: money has them, codes and counts do not.
  // The quiet side of a pair (mostly zeros) is never the one amount: its partner was not found.
  const withCents = (i: number) => (facts[i]?.amounts ?? 0) - (facts[i]?.bareIntegers ?? 0);
  const quiet = (i: number) => (facts[i]?.zeros ?? 0) * 2 >= filled(i);
  const signed = [...free.filter((i) => !quiet(i))].sort(
    (a, b) => (facts[b]?.negatives ?? 0) - (facts[a]?.negatives ?? 0) || withCents(b) - withCents(a) || a - b,
  )[0];
  return signed === undefined ? null : { kind: "signed", amount: signed };
}

/**
 * Every filled cell of the column a dash: under a name of its own, or beside named debit and credit
 * columns, a placeholder for nothing (OKQ8's "Kurs", the exchange rate of a purchase abroad, "-" on
 * every row at home), not a mark saying each row is money out. Without a name it may be a sign
 * column that leaves money in blank ("+/-" over "-" and "").
 */
function dashesOnly(sample: readonly TableRecord[], index: number): boolean {
  return sample.every((record) => {
    const cell = (record.cells[index] ?? "").trim();
    return cell === "" || /^[-\u2010-\u2015\u2212]$/u.test(cell);
  });
}

export function settleAmounts(input: SettleInput, facts: ColumnFacts[], map: ColumnMap): void {
  const { locked } = input;
  if (["amount", "debit", "credit", "balance", "balanceBefore"].some((r) => locked.has(r as ColumnRole))) return;
  const dates = new Set([map.date, map.valueDate]);
  const numeric = facts.filter((f) => isAmountColumn(f) && !dates.has(f.index)).map((f) => f.index);
  // A column named as the category that holds debit and credit marks ("Debit", "Credit") is their column.
  if (
    map.category !== null &&
    !locked.has("category") &&
    facts[map.category] &&
    isIndicatorColumn(facts[map.category]!)
  )
    map.category = null;
  // A column of dashes alone marks nothing beside debit and credit columns named so, nor under a name of
  // its own that is no mark's ("Kurs", "Ref"); a "+/-" column (no name once normalised) or one without a header still may.
  const namedPair = map.debit !== null && map.credit !== null;
  const placeholder = (index: number) =>
    dashesOnly(input.sample, index) &&
    (namedPair || ((input.names[index] ?? "") !== "" && !namedAs(input.names, index, "indicator")));
  const indicators = locked.has("indicator")
    ? []
    : facts.filter((f) => isIndicatorColumn(f) && !placeholder(f.index)).map((f) => f.index);
  const proven = provenAmounts(input, facts, numeric, indicators, map);
  if (proven) {
    apply(map, proven.source);
    release(map, proven.balance);
    map.balance = proven.balance;
    map.balanceIsBefore = proven.proof.before;
    return;
  }
  // Every transaction has an amount: a named amount column empty on most rows is another column (fees, tax).
  if (
    map.amount !== null &&
    (facts[map.amount]?.filled ?? 0) < input.sample.length * 0.5 &&
    map.debit === null &&
    map.credit === null
  ) {
    map.amount = null;
  }
  const guessed = guessedAmounts(input, facts, numeric, map);
  if (guessed) apply(map, guessed);
  if (map.indicator === null && map.amount !== null && indicators.length > 0) {
    const indicator = indicators.find((i) => !taken(map).has(i));
    if (indicator !== undefined) map.indicator = indicator;
  }
}
