/**
 * Split transactions (docs/api.md "Split transactions"): a transaction divided among categories by its
 * parts, which add up to its amount exactly. A write gives the parts whole (they replace the stored
 * ones; [] unsplits); a split transaction has no category of its own (CHECK
 * transactions_split_has_no_category), and reports count its parts (the view category_lines).
 */
import type { Db } from "../../db";
import { AppError } from "../../errors";
import type { CurrencyInfo } from "../money/currencies";
import { Decimal, formatMoney } from "../money/money";
import { checkPlaces } from "./bulk-write-checks";

/** At most this many parts in one transaction. */
export const MAX_PARTS = 50;

export interface PartInput {
  /** Signed as the transaction's amount. */
  amount: string;
  category_id?: string | null;
  notes?: string | null;
  tags?: string[];
}

export interface PartView {
  id: string;
  amount: string;
  category_id: string | null;
  category_name: string | null;
  notes: string | null;
  tags: string[];
}

/** What a write asks of one transaction's parts: where its refusals point (`transactions.3.parts`), and its figures. */
export interface PartsRequest {
  /** The refusal's path to the parts: ["transactions", 3, "parts"] or ["parts"]. */
  path: Array<string | number>;
  parts: PartInput[];
  /** The transaction's amount after the write, signed. */
  amount: Decimal;
  currency: Pick<CurrencyInfo, "code" | "decimalPlaces">;
  type: "expense" | "income" | "transfer";
  /** The category the same write gives the transaction itself (undefined: none given). */
  categoryId: string | null | undefined;
}

const pathText = (path: Array<string | number>) => path.join(".");

/**
 * The parts' own checks, before anything is written: at most their currency's decimal places (400
 * naming each), none on a transfer and no category of the transaction's own beside them (422), and
 * their sum equal to the amount (422 naming the difference). Their categories are checked by the caller.
 */
export function checkParts({ path, parts, amount, currency, type, categoryId }: PartsRequest): void {
  if (parts.length === 0) return;
  checkPlaces(parts.map((part, index) => ({ path: [...path, index, "amount"], amount: part.amount, ...currency })));
  if (type === "transfer")
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${pathText(path)}: a transfer is not split (it has no categories)`,
    );
  if (categoryId)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${pathText(path)}: a split transaction's categories are its parts'; leave out category_id (or send null)`,
    );
  const sum = parts.reduce((total, part) => total.plus(part.amount), new Decimal(0));
  if (!sum.equals(amount)) {
    const format = (value: Decimal) => formatMoney(value, currency.decimalPlaces);
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${pathText(path)}: the parts add up to ${format(sum)} ${currency.code}, the amount is ${format(amount)}: ` +
        `a difference of ${format(amount.minus(sum))}`,
    );
  }
}

/**
 * A write that leaves a split transaction's parts as they are: refused (422) when it changes the
 * amount (the parts would no longer add up) or gives the transaction a category of its own.
 */
export function checkKeptParts(
  path: Array<string | number>,
  stored: { split: boolean; amount: Decimal.Value },
  changes: { amount?: Decimal; categoryId?: string | null },
  currency: Pick<CurrencyInfo, "code" | "decimalPlaces">,
): void {
  if (!stored.split) return;
  const where = path.length > 1 ? `${pathText(path.slice(0, -1))}.` : "";
  if (changes.categoryId)
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${where}category_id: the transaction is split, so its parts carry the categories; send parts: [] with it to unsplit`,
    );
  if (changes.amount && !changes.amount.equals(stored.amount)) {
    const format = (value: Decimal.Value) => formatMoney(value, currency.decimalPlaces);
    throw new AppError(
      "DOMAIN_CONSTRAINT_VIOLATION",
      `${where}amount: the parts add up to ${format(stored.amount)} ${currency.code}, not ${format(changes.amount)}: ` +
        `send the parts with the new amount (a difference of ${format(changes.amount.minus(stored.amount))})`,
    );
  }
}

/**
 * Replaces the parts of the transactions `byTransaction` names (an empty list unsplits) and sets
 * their `split` mark: the caller has checked them, and runs this in the write's transaction, before
 * the transactions' own changes (an unsplit one may take a category in the same write). The
 * transactions' rows are updated too, so their change time moves and "since" readers see them.
 */
export async function replaceParts(
  db: Db,
  workspaceId: string,
  byTransaction: ReadonlyMap<string, readonly PartInput[]>,
): Promise<void> {
  if (byTransaction.size === 0) return;
  const ids = [...byTransaction.keys()];
  await db.sql.query("DELETE FROM transaction_parts WHERE transaction_id = ANY($1::uuid[])", [ids]);
  const rows = [...byTransaction].flatMap(([transactionId, parts]) =>
    parts.map((part, position) => ({ transactionId, position, ...part })),
  );
  if (rows.length > 0)
    await db.sql.query(
      `INSERT INTO transaction_parts (workspace_id, transaction_id, position, amount, category_id, notes, tags,
                                     account_id, currency_id, type, date)
       SELECT $1::uuid, p.transaction_id, p.position, p.amount, p.category_id, p.notes,
              ARRAY(SELECT jsonb_array_elements_text(p.tags)), t.account_id, t.currency_id, t.type, t.date
         FROM unnest($2::uuid[], $3::int[], $4::numeric[], $5::uuid[], $6::text[], $7::jsonb[])
           AS p(transaction_id, position, amount, category_id, notes, tags)
         JOIN transactions t ON t.id = p.transaction_id`,
      [
        workspaceId,
        rows.map((row) => row.transactionId),
        rows.map((row) => row.position),
        rows.map((row) => new Decimal(row.amount).toFixed()),
        rows.map((row) => row.category_id ?? null),
        rows.map((row) => row.notes ?? null),
        rows.map((row) => JSON.stringify(row.tags ?? [])),
      ],
    );
  // Split ones lose their own category (the CHECK); unsplit ones keep what the write gave them.
  await db.sql.query(
    `UPDATE transactions t
        SET split = s.split, category_id = CASE WHEN s.split THEN NULL ELSE t.category_id END, updated_at = now()
       FROM unnest($2::uuid[], $3::boolean[]) AS s(id, split)
      WHERE t.id = s.id AND t.workspace_id = $1::uuid`,
    [workspaceId, ids, ids.map((id) => byTransaction.get(id)!.length > 0)],
  );
}

/** The parts of the split transactions among `ids`, in order, with their categories' names. */
export async function partsOf(db: Db, ids: readonly string[]): Promise<Map<string, PartView[]>> {
  const byTransaction = new Map<string, PartView[]>();
  if (ids.length === 0) return byTransaction;
  const rows = await db.sql.query<PartView & { transaction_id: string; places: number }>(
    `SELECT p.transaction_id::text, p.id::text, p.amount::text, p.category_id::text, c.name AS category_name,
            p.notes, p.tags, cur.decimal_places AS places
       FROM transaction_parts p
       JOIN transactions t ON t.id = p.transaction_id
       JOIN currencies cur ON cur.id = t.currency_id
       LEFT JOIN categories c ON c.id = p.category_id
      WHERE p.transaction_id = ANY($1::uuid[])
      ORDER BY p.transaction_id, p.position`,
    [ids],
  );
  for (const { transaction_id, places, ...part } of rows) {
    const list = byTransaction.get(transaction_id) ?? [];
    list.push({ ...part, amount: formatMoney(part.amount, places) });
    byTransaction.set(transaction_id, list);
  }
  return byTransaction;
}
