/**
 * How the amounts say which way money moved: one signed column, debit and credit columns, or an
 * unsigned amount with a debit/credit mark. When a single signed column cannot be told apart (card
 * statements often print spending as positive), the user has to choose.
 */
import type { AmountSemantics } from "../types";
import { cellAmount, cellDay, isDateCell, type DayReading, type TableRecord } from "./cells";
import { type ColumnMap, indicatorDirection } from "./columns";
import type { BankProfile } from "./profiles";
import type { AmountReading } from "./rows";
import type { DecimalSeparator } from "./numbers";
import { clearSide, signEvidence } from "./sign-words";
import { columnAmounts } from "./balance-proof";

export interface SemanticsDecision {
  reading: AmountReading;
  semantics: AmountSemantics | null;
  required: boolean;
  warnings: string[];
}

/**
 * Words that make a table a card's: the card's name, a column of the card's last four digits (a
 * debit account's export prints the whole card number, a card bill only its end), or the bill's own
 * words ("本期账单": this period's bill; "minimum payment", "payment due").
 */
const CARD_WORDS =
  /\b(?:credit ?card|card|creditcard|kreditkarte|karte|kaart|carte|tarjeta|mastercard|visa|amex|kreditkort|karta|card ending|last 4 digits|minimum payment|payment due|statement balance)\b|信用卡|贷记卡|卡末四位|卡号末四位|本期账单|最低还款|到期还款日/i;
/**
 * Accounts and cards named together, both plural ("Conti e Carte", Intesa Sanpaolo's export of both):
 * the table may be an account's, so the card's word there says nothing. "Account and card number"
 * is a card statement's own label, and stays one.
 */
const ACCOUNTS_AND_CARDS =
  /\b(?:conti|accounts|konten|comptes|cuentas|rekeningen)\s*(?:e|and|und|et|y|&|\/)\s*(?:carte|cards|karten|cartes|tarjetas|kaarten)\b/giu;
/**
 * A Japanese card bill's words: "ご利用日" and "利用金額", the day and amount of a purchase, "支払方法",
 * how it is paid off. A prepaid card's or e-money's history says "利用" too, with a balance column
 * beside it: only a table without one is a bill by these words.
 */
const JAPANESE_CARD_BILL_WORDS = /利用(?:日|先|店|金額|額|者)|支払方法|支払区分|分割払|リボ/;
/**
 * A card bill's own lines, which only a card's statement prints on its money in: the bill paid
 * ("PAYMENT RECEIVED - THANK YOU", Aqua's; "DIRECTPAY FULL BALANCESEE DETAILS...", Discover's, its next words run on) or a statement
 * credit ("CASHBACK BONUS REDEMPTION PYMT/STMT CRDT"). One run of separators between the words, so
 * that a cell of spaces costs linear time.
 */
const CARD_BILL_PAYMENT =
  /\bpayment(?: received)?[\s\-–,.]*thank\s?you\b|\bthank\s?you for your payment\b|\bfull balance|\bstmt crdt\b|\bstatement credit\b/i;
/** The share of a signed file's rows whose debit/credit mark may disagree with the sign before the marks decide. */
const MISLABELLED_SHARE = 0.02;
/** Rows read for the words' evidence about signs: enough to see a habit, bounded for large files. */
const EVIDENCE_ROWS = 2_000;

export interface SemanticsInput {
  map: ColumnMap;
  /** The table's data rows; those with a date in `map.date` are the ones judged. */
  rows: readonly TableRecord[];
  amountSeparator: DecimalSeparator;
  /** The balance column's separator, when the map has one. */
  balanceSeparator?: DecimalSeparator;
  /** How the date column is read (the rows' order decides which way the balance runs). */
  dateReading?: DayReading;
  profile: BankProfile | null;
  /** Header and preamble text, searched for card words. */
  context: readonly string[];
  requested: AmountSemantics | undefined;
}

const READING_OF: Record<AmountSemantics, AmountReading> = {
  signed_debit_negative: "signed",
  signed_debit_positive: "signed_debit_positive",
  split_columns: "split",
  indicator_column: "indicator",
};

function fits(semantics: AmountSemantics, map: ColumnMap): boolean {
  if (semantics === "split_columns") return map.debit !== null || map.credit !== null;
  if (semantics === "indicator_column") return map.amount !== null && map.indicator !== null;
  return map.amount !== null;
}

function decided(semantics: AmountSemantics, warnings: string[] = []): SemanticsDecision {
  return { reading: READING_OF[semantics], semantics, required: false, warnings };
}

export function decideSemantics(input: SemanticsInput): SemanticsDecision {
  const { map, rows, amountSeparator, profile, requested } = input;
  const warnings: string[] = [];
  if (requested) {
    if (fits(requested, map)) return decided(requested);
    warnings.push(`amount_semantics "${requested}" does not fit this file's columns and was ignored`);
  }
  if (map.amount === null) return decided("split_columns", warnings);
  // Rows and amounts are read as far as a question needs them: most files answer "any negative?" on their first rows.
  const dated: TableRecord[] = [];
  const amounts: Array<string | null> = [];
  let next = 0;
  const rowAt = (i: number): TableRecord | undefined => {
    while (dated.length <= i && next < rows.length) {
      const row = rows[next++]!;
      if (isDateCell(row, map.date)) {
        dated.push(row);
        amounts.push(cellAmount(row, map.amount, amountSeparator));
      }
    }
    return dated[i];
  };
  const amountOf = (i: number) => amounts[i] ?? null;
  const anyOf = (test: (amount: string | null, row: TableRecord) => boolean) => {
    for (let i = 0; rowAt(i); i++) if (test(amountOf(i), dated[i]!)) return true;
    return false;
  };
  const everyRow = (test: (row: TableRecord, amount: string | null) => boolean) => {
    for (let i = 0; rowAt(i); i++) if (!test(dated[i]!, amountOf(i))) return false;
    return true;
  };
  const hasNegative = anyOf((a) => a?.startsWith("-") === true);
  if (map.indicator !== null) {
    // A signed amount whose mark agrees is just a signed column with a redundant mark: a kind column
    // (Chase's "DEBIT", "CREDIT", "DSLIP", "CHECK" before its signed amounts) may mislabel a row or two
    // (a refund typed "DEBIT" at +21.61), which its own sign then decides; a mark it does not know
    // ("DSLIP") says nothing against the sign. More disagreement: the marks decide.
    let marked = 0;
    let disagree = 0;
    let signedDebits = 0;
    everyRow((row, amount) => {
      const direction = indicatorDirection(row.cells[map.indicator ?? -1] ?? "");
      if (!amount || /^[0.]*$/.test(amount) || direction === 0) return true;
      marked++;
      if (amount.startsWith("-") !== direction < 0) disagree++;
      else if (direction < 0) signedDebits++;
      return true;
    });
    // The debits' own minus signs show the amounts are signed (a settlement file's unsigned payout beside
    // one negative correction is not).
    const agrees = signedDebits > 0 && disagree <= Math.max(1, Math.floor(marked * MISLABELLED_SHARE));
    return decided(agrees && hasNegative && marked > disagree ? "signed_debit_negative" : "indicator_column", warnings);
  }
  if (profile) return decided(profile.signedAmounts ?? "signed_debit_negative", warnings);
  // Names in camel case hold the word too ("CardId", Viseca's).
  const cardLike = input.context.some(
    (text) =>
      CARD_WORDS.test(text.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2").replace(ACCOUNTS_AND_CARDS, " ")) ||
      (map.balance === null && JAPANESE_CARD_BILL_WORDS.test(text)),
  );
  const anyAmount = anyOf((a) => a !== null && !/^[0.]*$/.test(a));
  rowAt(EVIDENCE_ROWS - 1);
  const evidence = signEvidence(dated.slice(0, EVIDENCE_ROWS), amounts, map);
  // A card bill's own line on a negative row ("PAYMENT RECEIVED - THANK YOU" at -59.64, Aqua's
  // export without card words in its header): the file is a card's, whose positive amounts may be
  // spending. Looked for in every row (a file sorted by amount lists its payments last), in the
  // columns of text only, and a row's amount read only when its text is a bill's line. Amounts
  // written with "+" as well ("+10000.00", ABC's) are signed by the bank itself.
  const textColumns = [...map.description, ...map.type, map.counterparty ?? -1].filter((index) => index >= 0);
  const billLine = (row: TableRecord) =>
    textColumns.some((index) => CARD_BILL_PAYMENT.test(row.cells[index] ?? "")) &&
    isDateCell(row, map.date) &&
    cellAmount(row, map.amount, amountSeparator)?.startsWith("-") === true;
  const paysCardBill =
    !cardLike &&
    hasNegative &&
    rows.some(billLine) &&
    !anyOf((_, row) => (row.cells[map.amount ?? -1] ?? "").trimStart().startsWith("+"));
  const asCard = cardLike || paysCardBill;
  const ambiguous = anyAmount && (asCard || !hasNegative);
  // Words decide an ambiguous file on a little evidence; they overrule negative amounts only on a lot,
  // and never where a balance column shows the side ("Reintegro" and "Compra" in Promerica's texts).
  const side = ambiguous ? clearSide(evidence, 2, 3) : clearSide(evidence, 3, 4);
  const byBalance = ambiguous || side === "positive" ? balanceSide(input, dated.slice(0, EVIDENCE_ROWS), asCard) : null;
  // The balance confirms the minus signs the words doubted: read as printed, nothing to say.
  if (byBalance === "negative" && !ambiguous) return decided("signed_debit_negative", warnings);
  if (byBalance) {
    const meaning = byBalance === "positive" ? "spending (money out)" : "money in";
    warnings.push(
      `Positive amounts were read as ${meaning}, as the balance column shows row by row; send amount_semantics to read them otherwise`,
    );
    return decided(byBalance === "positive" ? "signed_debit_positive" : "signed_debit_negative", warnings);
  }
  if (side === "positive" || (ambiguous && side === "negative")) {
    const semantics = side === "positive" ? "signed_debit_positive" : "signed_debit_negative";
    const meaning = side === "positive" ? "spending (money out)" : "money in";
    warnings.push(
      `Positive amounts were read as ${meaning}, as rows such as "${evidence.example ?? ""}" show; send amount_semantics to read them otherwise`,
    );
    return decided(semantics, warnings);
  }
  if (ambiguous) {
    warnings.push(
      asCard
        ? "This looks like a card statement with one amount column: choose whether positive amounts are spending or money in (amount_semantics); amounts are shown as printed"
        : "No amount in the file is negative, so it cannot be told whether positive amounts are money in or money out: choose amount_semantics; amounts are shown as printed",
    );
    return { reading: "signed", semantics: null, required: true, warnings };
  }
  return decided("signed_debit_negative", warnings);
}

/**
 * The side a balance column proves: from row to row in date order (oldest first or newest first),
 * the balance after each row moves by its amount as printed, or by the amount negated. A balance
 * that rises with positive amounts is the account's own, so positive is money in; one that falls,
 * positive is money out. On a card's table a positive balance may be what is owed (which spending
 * raises) as well as what is held: it proves nothing there; a negative one (the debt as the account
 * sees it) does.
 */
function balanceSide(
  { map, amountSeparator, balanceSeparator, dateReading = "dmy" }: SemanticsInput,
  rows: readonly TableRecord[],
  cardLike: boolean,
): "positive" | "negative" | null {
  if (map.balance === null || map.amount === null) return null;
  const days = rows.map((row) => cellDay(row, map.date, dateReading));
  const known = days.filter((day): day is string => day !== null);
  const [first, last] = [known[0], known.at(-1)];
  if (!first || !last || first === last) return null;
  const newestFirst = first > last;
  const balances = columnAmounts(rows, map.balance, balanceSeparator ?? amountSeparator);
  const changes = columnAmounts(rows, map.amount, amountSeparator);
  let rises = 0;
  let falls = 0;
  let pairs = 0;
  for (let i = 1; i < rows.length; i++) {
    const [earlier, later] = newestFirst ? [i, i - 1] : [i - 1, i];
    const [before, after, amount] = [balances[earlier] ?? null, balances[later] ?? null, changes[later] ?? null];
    if (before === null || after === null || !amount) continue;
    pairs++;
    if (after - before === amount) rises++;
    else if (before - after === amount) falls++;
  }
  const proven = (count: number, other: number) => count >= 2 && count >= 0.7 * pairs && other === 0;
  const side = proven(rises, falls) ? "negative" : proven(falls, rises) ? "positive" : null;
  if (!side) return null;
  const printed = balances.filter((balance): balance is number => balance !== null && balance !== 0);
  const negativeBalances = printed.filter((balance) => balance < 0).length * 2 > printed.length;
  return cardLike && !negativeBalances ? null : side;
}
