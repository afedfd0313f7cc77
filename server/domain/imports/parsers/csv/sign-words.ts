/**
 * What the rows' own words say about a single amount column's signs: spending words ("purchase",
 * "Kartenzahlung", "消费") and money-in words ("refund", "payment received", "Gutschrift", "还款")
 * on positive or negative amounts. A card statement printing charges as positive shows spending
 * words on positive rows and its repayments on negative ones; a current account the other way.
 */
import type { TableRecord } from "./cells";
import type { ColumnMap } from "./columns";

const SPENDING = [
  "purchase",
  "purchases",
  "charge",
  "card payment",
  "pos",
  "debit card",
  "kauf",
  "einkauf",
  "kartenzahlung",
  "lastschrift",
  "achat",
  "paiement carte",
  "compra",
  "pago con tarjeta",
  "acquisto",
  "pagamento pos",
  "aankoop",
  "betaalautomaat",
  "zakup",
  "platba kartou",
  "nakup",
  "vasarlas",
  "kortkop",
  "消费",
  "支出",
  "取现",
  "刷卡",
  "扣款",
];

const MONEY_IN = [
  "refund",
  "return",
  "payment received",
  "payment thank you",
  "thank you",
  "salary",
  "gehalt",
  "lohn",
  "gutschrift",
  "erstattung",
  "ruckerstattung",
  "remboursement",
  "salaire",
  "reembolso",
  "devolucion",
  "nomina",
  "rimborso",
  "stipendio",
  "terugbetaling",
  "salaris",
  "zwrot",
  "wynagrodzenie",
  "cashback",
  "cash back",
  "rebate",
  "还款",
  "返现",
  "现金奖励",
  "退款",
  "退货",
  "存入",
  "收入",
  "工资",
];

const HAN = /\p{Script=Han}/u;

function fold(text: string): string {
  return ` ${text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

const says = (text: string, words: readonly string[]) =>
  words.some((word) => (HAN.test(word) ? text.includes(word) : text.includes(` ${word} `)));

export interface SignEvidence {
  /** Rows whose words fit positive = money out (spending positive, money in negative). */
  debitPositive: number;
  /** Rows whose words fit positive = money in. */
  debitNegative: number;
  /** A row that showed the stronger side, for the warning. */
  example: string | null;
}

/** Counts the rows whose text columns say spending or money in, against the sign of their amount. */
export function signEvidence(
  rows: readonly TableRecord[],
  amounts: ReadonlyArray<string | null>,
  map: ColumnMap,
): SignEvidence {
  const textColumns = [...map.description, ...map.type, map.counterparty, map.payee].filter(
    (i): i is number => i !== null,
  );
  let debitPositive = 0;
  let debitNegative = 0;
  let positiveExample: string | null = null;
  let negativeExample: string | null = null;
  rows.forEach((row, i) => {
    const amount = amounts[i];
    if (!amount || /^-?[0.]*$/.test(amount)) return;
    const raw = textColumns.map((c) => row.cells[c] ?? "").join(" ");
    const text = fold(raw);
    const spending = says(text, SPENDING);
    const moneyIn = says(text, MONEY_IN);
    if (spending === moneyIn) return;
    const positive = !amount.startsWith("-");
    const example = raw.trim().slice(0, 40);
    if (spending === positive) {
      debitPositive++;
      positiveExample ??= example;
    } else {
      debitNegative++;
      negativeExample ??= example;
    }
  });
  return {
    debitPositive,
    debitNegative,
    example: debitPositive >= debitNegative ? positiveExample : negativeExample,
  };
}

/** The side the words take clearly: at least `least` rows and `ratio` times the other side. */
export function clearSide(evidence: SignEvidence, least: number, ratio: number): "positive" | "negative" | null {
  const { debitPositive, debitNegative } = evidence;
  if (debitPositive >= least && debitPositive >= ratio * debitNegative) return "positive";
  if (debitNegative >= least && debitNegative >= ratio * debitPositive) return "negative";
  return null;
}
