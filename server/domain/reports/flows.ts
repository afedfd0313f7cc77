import type { AggregateRow } from "../money/aggregate";
import { currencyCatalogue, type CurrencyInfo } from "../money/currencies";
import { fxSql } from "../money/fx";
import { Decimal, formatMoney } from "../money/money";
import type { WorkspaceContext } from "../workspace-context";
import { FLOW_SOURCES, TOTALS_ONLY } from "./line-sources";

/**
 * Income and expense sums of a workspace per (month, type, category, account, currency), computed in
 * SQL, from each transaction whole or each part of a split one (category_lines); with `tag`, only
 * those carrying it (a part carries its transaction's tags too); with `type`, only expenses or only
 * income. Transfers never count. `home_amount` is the sum of the rows that could be converted at
 * their date's rate; the others are counted in `missing_fx_count`.
 */
export interface FlowRow extends AggregateRow {
  month: string;
  type: "expense" | "income";
  category_id: string | null;
  account_id: string;
}

export interface FlowFilter {
  /** Only the money carrying this tag. */
  tag?: string | null;
  /** Only expenses or only income. */
  type?: FlowRow["type"];
  /** false: the caller reads no category (every row's is null), so split transactions are read whole. */
  byCategory?: boolean;
}

export async function loadFlows(
  { db, workspace }: WorkspaceContext,
  from: string,
  to: string,
  { tag = null, type, byCategory = true }: FlowFilter = {},
): Promise<FlowRow[]> {
  const fx = fxSql("$2::uuid", "t", "count");
  // First sum the raw rows: home-currency ones per month (they need no rate), the others per day
  // (a day has one rate). Only those few thousand sums are converted; a sum times the day's rate is
  // exactly the sum of the converted amounts. Whole transactions and parts are two queries at once
  // (line-sources.ts), their few rows added up here.
  // A tag may sit on a part alone: then the parts are read even for sums without categories.
  const lines = byCategory || tag ? FLOW_SOURCES : TOTALS_ONLY;
  const sources = await Promise.all(
    lines.map((line) =>
      db.sql.query<FlowRow>(
        `WITH sums AS (
           SELECT CASE WHEN t.currency_id = $2::uuid THEN date_trunc('month', t.date)::date ELSE t.date END AS date,
                  t.type, ${line.category} AS category_id, t.account_id, t.currency_id, SUM(${line.amount}) AS amount,
                  count(*) AS count
             FROM ${line.from}
            WHERE ${line.where} AND t.workspace_id = $1 AND t.type <> 'transfer' AND t.date BETWEEN $3::date AND $4::date
              AND ($5::text IS NULL OR $5::text = ANY(${line.tags})) AND ($6::text IS NULL OR t.type::text = $6::text)
            GROUP BY 1, 2, 3, 4, 5
         )
         SELECT to_char(t.date, 'YYYY-MM') AS month, t.type::text AS type, t.category_id, t.account_id, t.currency_id,
                SUM(t.amount)::text AS amount, SUM(t.count)::int AS count,
                SUM(${fx.homeAmount})::text AS home_amount, ${fx.missing} AS missing_fx_count, ${fx.rateDate} AS rate_date
           FROM sums t ${fx.join}
          GROUP BY 1, 2, 3, 4, 5`,
        [workspace.id, workspace.homeCurrencyId, from, to, tag, type ?? null],
      ),
    ),
  );
  return mergeAggregates(sources.flat(), (row) =>
    [row.month, row.type, row.category_id, row.account_id, row.currency_id].join("|"),
  );
}

/** The sum in the home currency of the rows that could be converted. */
export function homeTotal(rows: readonly AggregateRow[]): Decimal {
  return rows.reduce((total, row) => total.plus(row.home_amount ?? 0), new Decimal(0));
}

/** Expense rows turned into positive spending in the home currency (refunds booked as expenses reduce it). */
export function spendingOf(rows: readonly FlowRow[]): Decimal {
  return homeTotal(rows.filter((row) => row.type === "expense")).negated();
}

export function incomeOf(rows: readonly FlowRow[]): Decimal {
  return homeTotal(rows.filter((row) => row.type === "income"));
}

export function missingOf(rows: readonly AggregateRow[]): number {
  return rows.reduce((count, row) => count + row.missing_fx_count, 0);
}

/** One row per currency, for buildAggregate. */
export function byCurrency(rows: readonly AggregateRow[]): AggregateRow[] {
  return mergeAggregates(rows, (row) => row.currency_id);
}

/** The rows with the same key added up into one (the first one's other fields kept). */
function mergeAggregates<Row extends AggregateRow>(rows: readonly Row[], keyOf: (row: Row) => string): Row[] {
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const key = keyOf(row);
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...row });
      continue;
    }
    seen.amount = new Decimal(seen.amount).plus(row.amount).toString();
    seen.count += row.count;
    seen.home_amount =
      seen.home_amount === null && row.home_amount === null
        ? null
        : new Decimal(seen.home_amount ?? 0).plus(row.home_amount ?? 0).toString();
    seen.missing_fx_count += row.missing_fx_count;
    if (row.rate_date && (seen.rate_date === null || row.rate_date > seen.rate_date)) seen.rate_date = row.rate_date;
  }
  return [...merged.values()];
}

export function groupRows<Row, Key>(rows: readonly Row[], keyOf: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The category object of the reports; uncategorised money appears as category_id null. */
export interface CategoryRef {
  category_id: string | null;
  name: string;
  icon_name: string | null;
  accent_color: string | null;
}

const UNCATEGORIZED: CategoryRef = { category_id: null, name: "Uncategorized", icon_name: null, accent_color: null };

/** Every category of the workspace, archived ones too (old transactions may point at them). */
export async function categoryRefs({ db, workspace }: WorkspaceContext): Promise<(id: string | null) => CategoryRef> {
  const rows = await db.prisma.category.findMany({
    where: { workspaceId: workspace.id },
    select: { id: true, name: true, iconName: true, accentColor: true },
  });
  const byId = new Map(
    rows.map((row) => [
      row.id,
      { category_id: row.id, name: row.name, icon_name: row.iconName, accent_color: row.accentColor },
    ]),
  );
  return (id) =>
    id === null ? UNCATEGORIZED : (byId.get(id) ?? { ...UNCATEGORIZED, category_id: id, name: "Unknown" });
}

export interface HomeMoney {
  currencies: Map<string, CurrencyInfo>;
  home: CurrencyInfo;
  /** A home-currency amount as a decimal string with the home currency's places. */
  format(value: Decimal.Value): string;
}

export async function homeMoney({ db, workspace }: WorkspaceContext): Promise<HomeMoney> {
  const currencies = await currencyCatalogue(db);
  const home = currencies.get(workspace.homeCurrencyId);
  if (!home) throw new Error(`Unknown home currency ${workspace.homeCurrencyId}`);
  return { currencies, home, format: (value) => formatMoney(value, home.decimalPlaces) };
}

/** Largest amount first, then by name and id, so equal amounts keep a stable order. */
export function rankDesc(
  a: { amount: Decimal; name: string; id: string | null },
  b: { amount: Decimal; name: string; id: string | null },
): number {
  return b.amount.comparedTo(a.amount) || a.name.localeCompare(b.name) || (a.id ?? "").localeCompare(b.id ?? "");
}
