import type { PrismaOrTransaction } from "../../db";
import type { CurrencyInfo } from "../money/currencies";
import { Decimal, formatMoney } from "../money/money";
import { addDays, dateToDay, dayToDate } from "../time/calendar";
import { descriptionTokens, DUPLICATE_WINDOW_DAYS, duplicateChecker, type DuplicateOf } from "./duplicates";
import type { ParsedStatement } from "./parsers/types";

export type PreviewState = "new" | "duplicate" | "invalid" | "pre_opening";

/** One row of an import's preview (CONTRACT "Imports"). */
export interface PreviewRow {
  row: number;
  date: string;
  amount: string;
  currency_code: string;
  description: string;
  counterparty: string | null;
  external_id: string | null;
  category_id: string | null;
  state: PreviewState;
  /** The existing transaction's id, or "row:N" for an earlier row of the same file. */
  duplicate_of: string | null;
  problems: string[];
}

export interface PreviewAccount {
  id: string;
  workspaceId: string;
  currency: CurrencyInfo;
  openingBalanceDate: Date | null;
}

function duplicateLabel(duplicate: DuplicateOf | null | undefined): string | null {
  if (!duplicate) return null;
  return duplicate.kind === "transaction" ? duplicate.id : `row:${duplicate.row}`;
}

/** A category whose name or alias appears as words in the row's description or counterparty, for a first guess. */
function guessCategory(description: Set<string>, counterparty: Set<string>, categories: Array<{ id: string; words: string[][] }>): string | null {
  const hit = categories.find((category) =>
    category.words.some((words) => words.length > 0 && words.every((word) => description.has(word) || counterparty.has(word))),
  );
  return hit?.id ?? null;
}

/** The preview of a statement for an account: states, duplicates against its transactions, category guesses. */
export async function buildPreview(db: PrismaOrTransaction, account: PreviewAccount, statement: ParsedStatement): Promise<PreviewRow[]> {
  const rows = statement.transactions;
  if (rows.length === 0) return [];
  const dates = rows.map((row) => row.date).sort();
  const [existing, categories] = await Promise.all([
    db.transaction.findMany({
      where: {
        accountId: account.id,
        date: { gte: dayToDate(addDays(dates[0]!, -DUPLICATE_WINDOW_DAYS)), lte: dayToDate(addDays(dates[dates.length - 1]!, DUPLICATE_WINDOW_DAYS)) },
      },
      select: { id: true, date: true, amount: true, description: true, externalId: true },
    }),
    db.category.findMany({ where: { workspaceId: account.workspaceId, archivedAt: null }, select: { id: true, name: true, aliases: true } }),
  ]);
  const categoryWords = categories.map((category) => ({
    id: category.id,
    words: [category.name, ...category.aliases].map((text) => [...descriptionTokens(text)]),
  }));

  const checkDuplicate = duplicateChecker(
    existing.map((transaction) => ({
      id: transaction.id,
      date: dateToDay(transaction.date),
      amount: transaction.amount.toString(),
      currencyCode: account.currency.code,
      description: transaction.description,
      externalId: transaction.externalId,
    })),
  );
  // Counterparties repeat (the same shops, the same employer): their words are read once per name.
  const counterpartyWords = new Map<string, Set<string>>();
  const wordsOfCounterparty = (counterparty: string) => {
    let words = counterpartyWords.get(counterparty);
    if (!words) counterpartyWords.set(counterparty, (words = descriptionTokens(counterparty)));
    return words;
  };
  const currencyOf = (code: string | null) => code ?? statement.currencyCode ?? account.currency.code;
  const openingDay = account.openingBalanceDate ? dateToDay(account.openingBalanceDate) : null;

  // One pass in file order (duplicates of earlier rows depend on it); each row's words serve both checks.
  return rows.map((row) => {
    const currencyCode = currencyOf(row.currencyCode);
    const words = descriptionTokens(row.description);
    const duplicate = checkDuplicate({
      row: row.row,
      date: row.date,
      amount: row.amount,
      currencyCode,
      description: row.description,
      externalId: row.externalId,
      tokens: words,
    });
    const problems: string[] = [];
    const amount = new Decimal(row.amount);
    if (currencyCode !== account.currency.code) {
      problems.push(`currency ${currencyCode} is not the account's ${account.currency.code}`);
    }
    if (amount.decimalPlaces() > account.currency.decimalPlaces) {
      problems.push(`amount ${row.amount} has more decimal places than ${account.currency.code} allows`);
    }
    if (amount.isZero()) problems.push("amount is zero");
    const duplicateOf = duplicateLabel(duplicate);
    const state: PreviewState =
      problems.length > 0 ? "invalid" : duplicateOf ? "duplicate" : openingDay && row.date < openingDay ? "pre_opening" : "new";
    return {
      row: row.row,
      date: row.date,
      amount: problems.length > 0 ? row.amount : formatMoney(amount, account.currency.decimalPlaces),
      currency_code: currencyCode,
      description: row.description,
      counterparty: row.counterparty,
      external_id: row.externalId,
      category_id: guessCategory(words, wordsOfCounterparty(row.counterparty ?? ""), categoryWords),
      state,
      duplicate_of: duplicateOf,
      problems,
    };
  });
}
