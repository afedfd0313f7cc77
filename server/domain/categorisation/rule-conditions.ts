/**
 * What a categorisation rule asks of a transaction, and the test of one row against it. Text is
 * compared folded (letter case and diacritics ignored, runs of spaces as one), so "Café  REWE" and
 * "cafe rewe" read alike. Regular expressions run on RE2's linear-time engine (re2js): no pattern,
 * however written, can make a match take more than time proportional to the text, so a person's
 * pattern cannot stall the service (catastrophic backtracking has nothing to backtrack in).
 */
import { RE2JS } from "re2js";
import { Decimal } from "../money/money";

export const TEXT_OPERATORS = ["contains", "equals", "starts_with", "regex"] as const;
type TextOperator = (typeof TEXT_OPERATORS)[number];

/** A regular expression longer than this is refused (400): rules are for merchants, not programs. */
export const MAX_PATTERN_LENGTH = 200;
/**
 * RE2's work per character grows with the compiled program's size (`.{0,1000}` is 2,000
 * instructions): a pattern compiled to more than this is refused (400), the regular expressions
 * of one workspace may sum to MAX_WORKSPACE_PATTERN_SIZE (422 past it), and a regular expression
 * reads the first MAX_REGEX_TEXT characters of a text. So one row costs at most a few hundred
 * thousand steps for all of a workspace's patterns together, whatever they are.
 */
const MAX_PROGRAM_SIZE = 100;
export const MAX_WORKSPACE_PATTERN_SIZE = 1_000;
const MAX_REGEX_TEXT = 256;

interface TextCondition {
  operator: TextOperator;
  value: string;
}

interface AmountCondition {
  /** The smallest magnitude that matches (decimal string), whatever the direction; null for none. */
  min: string | null;
  /** The largest magnitude that matches; null for none. */
  max: string | null;
  /** negative: money out only; positive: money in only; null: either. */
  sign: "negative" | "positive" | null;
}

/** A rule's conditions as stored and as the API shows them; a null condition is not asked. */
export interface RuleConditions {
  description: TextCondition | null;
  counterparty: TextCondition | null;
  amount: AmountCondition | null;
  account_id: string | null;
  type: "expense" | "income" | null;
}

/** The row a rule is tested on: a transaction, a preview row or a free item. */
export interface RuleSubject {
  description: string;
  counterparty: string | null;
  /** Signed decimal string, negative for money out. */
  amount: string;
  accountId: string | null;
}

/**
 * Letters without their diacritics, and the letters case folding alone leaves apart written as the
 * others write them: ß as ss ("Hauptstraße", "HAUPTSTRASSE"), Turkish dotless ı as i ("İSTANBUL"
 * lower-cases to i and a dot, "ıstanbul" keeps its ı).
 */
function plainLetters(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/ı/g, "i");
}

/** Lower case, without diacritics, spaces collapsed: how rules compare text. */
export function foldForRules(text: string): string {
  const lower = text.toLowerCase();
  const plain = /^[\x00-\x7f]*$/.test(lower) ? lower : plainLetters(lower);
  return plain.replace(/\s+/g, " ").trim();
}

/** The pattern as RE2 compiles it: diacritics taken off (as from the text), letter case ignored. */
function compilePattern(pattern: string): RE2JS {
  // ß as one group of two letters, so a quantifier after it still applies to the whole (straß?e).
  return RE2JS.compile(plainLetters(pattern.replace(/ß/g, "(?:ss)")), RE2JS.CASE_INSENSITIVE);
}

/** Why a regular expression cannot be used, in words; null when it can. */
export function patternProblem(pattern: string): string | null {
  // RE2 reads "(?<=" as a malformed named group ("invalid named capture"): say what it is.
  // Character classes and \Q...\E hold "(?=" as plain text: left out of the look.
  const outsideLiterals = pattern.replace(/\\Q[\s\S]*?(?:\\E|$)|\[(?:\\.|[^\]\\])*\]/g, "");
  const lookAround = /(?<!\\)\(\?<?[=!]/.exec(outsideLiterals);
  if (lookAround)
    return `is not a regular expression this service runs (RE2 syntax): look-around such as ${lookAround[0]}...) is not supported, as it can take exponential time`;
  try {
    const compiled = compilePattern(pattern);
    if (compiled.programSize() > MAX_PROGRAM_SIZE)
      return `is too complex (it compiles to ${compiled.programSize()} steps, at most ${MAX_PROGRAM_SIZE}): use fewer or smaller repetition counts such as {0,1000}`;
    if (plainLetters(pattern) === "") return "must not be empty";
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
    // RE2 has no look-around and no back-references: the constructs that make matching take exponential time.
    return `is not a regular expression this service runs (RE2 syntax, no look-around or back-references): ${detail}`;
  }
}

type TextTest = (folded: string) => boolean;

function textTest(condition: TextCondition): TextTest {
  if (condition.operator === "regex") {
    const pattern = compilePattern(condition.value);
    return (folded) =>
      pattern.matcher(folded.length > MAX_REGEX_TEXT ? folded.slice(0, MAX_REGEX_TEXT) : folded).find();
  }
  const wanted = foldForRules(condition.value);
  if (condition.operator === "equals") return (folded) => folded === wanted;
  if (condition.operator === "starts_with") return (folded) => folded.startsWith(wanted);
  return (folded) => folded.includes(wanted);
}

/** A subject read once for every rule it is tested against. */
export interface FoldedSubject {
  description: string;
  counterparty: string | null;
  amount: Decimal;
  accountId: string | null;
}

export function foldSubject(subject: RuleSubject): FoldedSubject {
  return {
    description: foldForRules(subject.description),
    counterparty: subject.counterparty === null ? null : foldForRules(subject.counterparty),
    amount: new Decimal(subject.amount),
    accountId: subject.accountId,
  };
}

/** The conditions as one test (all must hold). Throws on a pattern patternProblem refuses. */
export function conditionsTest(conditions: RuleConditions): (subject: FoldedSubject) => boolean {
  const tests: Array<(subject: FoldedSubject) => boolean> = [];
  if (conditions.description) {
    const test = textTest(conditions.description);
    tests.push((subject) => test(subject.description));
  }
  if (conditions.counterparty) {
    const test = textTest(conditions.counterparty);
    tests.push((subject) => subject.counterparty !== null && test(subject.counterparty));
  }
  const { amount, account_id: accountId, type } = conditions;
  if (amount) {
    const min = amount.min === null ? null : new Decimal(amount.min);
    const max = amount.max === null ? null : new Decimal(amount.max);
    tests.push((subject) => {
      const magnitude = subject.amount.abs();
      if (min && magnitude.lessThan(min)) return false;
      if (max && magnitude.greaterThan(max)) return false;
      if (amount.sign === "negative") return subject.amount.isNegative() && !subject.amount.isZero();
      if (amount.sign === "positive") return subject.amount.isPositive() && !subject.amount.isZero();
      return true;
    });
  }
  if (accountId) tests.push((subject) => subject.accountId === accountId);
  // A transaction's type follows its sign (money out is an expense); transfers are never categorised.
  if (type === "expense") tests.push((subject) => subject.amount.isNegative() && !subject.amount.isZero());
  if (type === "income") tests.push((subject) => subject.amount.isPositive() && !subject.amount.isZero());
  return (subject) => tests.every((test) => test(subject));
}

/** The compiled size of the conditions' regular expressions (what MAX_WORKSPACE_PATTERN_SIZE sums). */
export function patternSize(conditions: RuleConditions): number {
  let size = 0;
  for (const condition of [conditions.description, conditions.counterparty])
    if (condition?.operator === "regex") size += compilePattern(condition.value).programSize();
  return size;
}
