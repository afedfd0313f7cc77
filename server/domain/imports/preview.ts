import type { CurrencyInfo } from "../money/currencies";
import { Decimal, formatMoney } from "../money/money";
import { addDays, dateToDay } from "../time/calendar";
import { FIRST_DAY as FIRST_BOOKING_DAY, isWithinDayRange, LAST_DAY as LAST_BOOKING_DAY } from "../time/day-range";
import { workspaceCategoriser, type CategorySource } from "../categorisation/categoriser";
import {
  DUPLICATE_WINDOW_DAYS,
  duplicateChecker,
  type DuplicateOf,
  type DuplicateReason,
  type ExistingTransaction,
} from "./duplicates";
import type { ParsedStatement } from "./parsers/types";
import { TRANSACTION_TEXT_MAX } from "../transactions/text-limits";
import type { WorkspaceContext } from "../workspace-context";

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
  /** Where category_id came from: a rule, the learner, a category name in the text; null for none or the person's choice. */
  category_source: CategorySource | null;
  category_confidence: number | null;
  category_reason: string | null;
  state: PreviewState;
  /** The existing transaction's id, or "row:N" for an earlier row of the same file. */
  duplicate_of: string | null;
  /** Why the row is a duplicate; null when it is not one. */
  duplicate_reason: DuplicateReason | "marked_by_you" | null;
  duplicate_day_distance: number | null;
  duplicate_similarity: number | null;
  problems: string[];
  /** The account the row is booked to: the import's, or, in a file of several accounts, its statement's. */
  account_id: string;
}

export interface PreviewAccount {
  id: string;
  currency: CurrencyInfo;
  openingBalanceDate: Date | null;
}

function duplicateLabel(duplicate: DuplicateOf | null | undefined): string | null {
  if (!duplicate) return null;
  return duplicate.kind === "transaction" ? duplicate.id : `row:${duplicate.row}`;
}

/** The problems of a row that has none: one shared, frozen array rather than 100k empty ones. */
const NO_PROBLEMS = Object.freeze([]) as unknown as string[];

/** "-12.3", "0012.50": sign, digits, decimals; what the statement parsers give. Anything else goes through Decimal. */
const PLAIN_DECIMAL = /^(-?)(\d{1,15})(?:\.(\d+))?$/;

/** Amounts are stored as numeric(20, 4): at most 16 digits before the decimal point. */
const MAX_WHOLE_DIGITS = 16;

/** Bank texts longer than this are cut (a whole file's remittance in one field is no description). */
const MAX_TEXT_LENGTH = TRANSACTION_TEXT_MAX;
const MAX_ID_LENGTH = 255;

function cut(text: string): string {
  return text.length > MAX_TEXT_LENGTH ? `${text.slice(0, MAX_TEXT_LENGTH - 1)}…` : text;
}

/**
 * A row's amount as the preview judges it: zero, too large to store, more decimals than the
 * currency has, and (when it is none of the first and third) the amount with the currency's places.
 */
interface JudgedAmount {
  zero: boolean;
  tooLarge: boolean;
  tooPrecise: boolean;
  formatted: string | null;
}

function judgeAmount(text: string, places: number): JudgedAmount {
  const plain = PLAIN_DECIMAL.exec(text);
  if (!plain) {
    const amount = new Decimal(text);
    const zero = amount.isZero();
    const tooPrecise = amount.decimalPlaces() > places;
    return {
      zero,
      tooLarge: amount.abs().greaterThanOrEqualTo(new Decimal(10).pow(MAX_WHOLE_DIGITS)),
      tooPrecise,
      formatted: zero || tooPrecise ? null : formatMoney(amount, places),
    };
  }
  const [, sign = "", whole = "", fraction = ""] = plain;
  let decimals = fraction.length;
  while (decimals > 0 && fraction.charCodeAt(decimals - 1) === 48) decimals--;
  const zero = decimals === 0 && /^0+$/.test(whole);
  const tooPrecise = decimals > places;
  const digits = whole.length > 1 && whole.charCodeAt(0) === 48 ? whole.replace(/^0+(?=\d)/, "") : whole;
  return {
    zero,
    tooLarge: digits.length > MAX_WHOLE_DIGITS,
    tooPrecise,
    // Padding only (the amount has no more places than the currency): exact, no rounding happens.
    formatted:
      zero || tooPrecise
        ? null
        : places === 0
          ? `${sign}${digits}`
          : `${sign}${digits}.${fraction.slice(0, decimals).padEnd(places, "0")}`,
  };
}

/** The last day a date string can name: a statement's row of 9999-12-31 looks for duplicates up to it, not past it. */
const LAST_DAY = "9999-12-31";

/** The last day a row of `last` may be a duplicate of ("+010000-01-03" is no date the database reads). */
function duplicateWindowEnd(last: string): string {
  return last > addDays(LAST_DAY, -DUPLICATE_WINDOW_DAYS) ? LAST_DAY : addDays(last, DUPLICATE_WINDOW_DAYS);
}

/** The preview of a statement for an account: states, duplicates against its transactions, categories (categoriser.ts). */
export async function buildPreview(
  { db, workspace }: WorkspaceContext,
  account: PreviewAccount,
  statement: ParsedStatement,
): Promise<PreviewRow[]> {
  const rows = statement.transactions;
  if (rows.length === 0) return [];
  let first = rows[0]!.date;
  let last = first;
  for (const row of rows) {
    if (row.date < first) first = row.date;
    if (row.date > last) last = row.date;
  }
  // Days and amounts as text: Prisma would make a Date and a Decimal of each, only to print them again.
  const [existing, categoriser] = await Promise.all([
    db.prisma.$queryRaw<ExistingTransaction[]>`
      SELECT id::text AS id, to_char(date, 'YYYY-MM-DD') AS date, amount::text AS amount, ${account.currency.code}::text AS "currencyCode",
             description, external_id AS "externalId"
        FROM transactions
       WHERE account_id = ${account.id}::uuid
         AND date BETWEEN ${addDays(first, -DUPLICATE_WINDOW_DAYS)}::date AND ${duplicateWindowEnd(last)}::date`,
    workspaceCategoriser({ db, workspace }),
  ]);
  const checkDuplicate = duplicateChecker(existing);
  const currencyOf = (code: string | null) => code ?? statement.currencyCode ?? account.currency.code;
  const openingDay = account.openingBalanceDate ? dateToDay(account.openingBalanceDate) : null;
  const { code: accountCurrency, decimalPlaces: places } = account.currency;

  // One pass in file order (duplicates of earlier rows depend on it).
  return rows.map((row) => {
    const currencyCode = currencyOf(row.currencyCode);
    const duplicate = checkDuplicate({
      row: row.row,
      date: row.date,
      amount: row.amount,
      currencyCode,
      description: row.description,
      externalId: row.externalId,
    });
    const amount = judgeAmount(row.amount, places);
    const inRange = isWithinDayRange(row.date);
    const problems =
      currencyCode === accountCurrency && !amount.tooPrecise && !amount.zero && !amount.tooLarge && inRange
        ? NO_PROBLEMS
        : [];
    if (currencyCode !== accountCurrency)
      problems.push(`currency ${currencyCode} is not the account's ${accountCurrency}`);
    if (amount.tooPrecise) problems.push(`amount ${row.amount} has more decimal places than ${accountCurrency} allows`);
    if (amount.zero) problems.push("amount is zero");
    if (amount.tooLarge)
      problems.push(`amount ${row.amount} is too large (at most ${MAX_WHOLE_DIGITS} digits before the point)`);
    // The days a transaction can have anywhere in the service (a booking by hand too; reports name no other).
    if (!inRange) problems.push(`date ${row.date} is outside ${FIRST_BOOKING_DAY} to ${LAST_BOOKING_DAY}`);
    const duplicateOf = duplicateLabel(duplicate);
    const category =
      problems.length > 0
        ? null
        : categoriser.categorise(
            { description: row.description, counterparty: row.counterparty, amount: row.amount, accountId: account.id },
            row.category,
          );
    const state: PreviewState =
      problems.length > 0
        ? "invalid"
        : duplicateOf
          ? "duplicate"
          : openingDay && row.date < openingDay
            ? "pre_opening"
            : "new";
    return {
      row: row.row,
      date: row.date,
      amount: problems.length > 0 ? row.amount : amount.formatted!,
      currency_code: currencyCode,
      description: cut(row.description),
      counterparty: category?.counterparty ?? (row.counterparty === null ? null : cut(row.counterparty)),
      // No bank id is this long; a file that says otherwise would fail the booking on the index.
      external_id: row.externalId === null ? null : row.externalId.slice(0, MAX_ID_LENGTH),
      category_id: category?.categoryId ?? null,
      category_source: category?.source ?? null,
      category_confidence: category?.confidence ?? null,
      category_reason: category?.reason ?? null,
      state,
      duplicate_of: duplicateOf,
      duplicate_reason: duplicate?.reason ?? null,
      duplicate_day_distance: duplicate?.dayDistance ?? null,
      duplicate_similarity: duplicate?.similarity ?? null,
      problems,
      account_id: account.id,
    };
  });
}
