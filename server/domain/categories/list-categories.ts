import type { Category, Prisma } from "../../db/generated/prisma/client";
import { buildAggregate, type AggregateRow, type MoneyAggregate } from "../money/aggregate";
import { currencyCatalogue } from "../money/currencies";
import { fxSql } from "../money/fx";
import { readCacheKey } from "../data-version/read-cache-key";
import { workspaceCached } from "../data-version/workspace-cache";
import { afterKeyWhere, paginate, type PageRequest, type PageResult } from "../pagination";
import { addDays, startOfMonth, todayIn } from "../time/calendar";
import { creatorsOf, type CreatedBy } from "../users/created-by";
import type { WorkspaceContext } from "../workspace-context";

const RECENT_DAYS = 30;

export interface CategoryView {
  category: Category;
  txCount: number;
  recentTxCount: number;
  spent: MoneyAggregate;
  earned: MoneyAggregate;
  createdBy: CreatedBy | null;
}

/**
 * Endpoint 6: active categories. Counts and sums leave transfers out. tx_count: all the
 * category's transactions; recent_tx_count: those of the last 30 days up to today; spent_agg /
 * earned_agg: money out / in during the current month up to today (workspace timezone).
 */
export function listCategories(
  context: WorkspaceContext,
  request: PageRequest,
  filter: { groupId?: string },
): Promise<PageResult<CategoryView>> {
  return workspaceCached(context, readCacheKey(context.workspace, "categories", request, filter), () =>
    computeCategoryList(context, request, filter),
  );
}

async function computeCategoryList(
  { db, workspace }: WorkspaceContext,
  request: PageRequest,
  { groupId }: { groupId?: string },
): Promise<PageResult<CategoryView>> {
  const where: Prisma.CategoryWhereInput = {
    workspaceId: workspace.id,
    archivedAt: null,
    ...(groupId ? { groupId } : {}),
  };
  const page = await paginate<Category>(request, {
    fetch: (after, skip, take) =>
      db.prisma.category.findMany({
        where: after ? { AND: [where, after] } : where,
        orderBy: [{ order: "asc" }, { name: "asc" }, { id: "asc" }],
        skip,
        take,
      }),
    count: () => db.prisma.category.count({ where }),
    keyOf: (row) => ({ order: row.order, name: row.name, id: row.id }),
    afterWhere: (key) => afterKeyWhere(key, (name) => ({ name })),
  });
  return { ...page, items: await categoryViews({ db, workspace }, page.items) };
}

/** The workspace's categories of `ids` (archived ones too) as the list shows them. */
export async function categoriesByIds(context: WorkspaceContext, ids: string[]): Promise<CategoryView[]> {
  const rows = await context.db.prisma.category.findMany({
    where: { workspaceId: context.workspace.id, id: { in: ids } },
  });
  return categoryViews(context, rows);
}

/** Categories with their counts, this month's sums and who created them. */
async function categoryViews({ db, workspace }: WorkspaceContext, categories: Category[]): Promise<CategoryView[]> {
  const ids = categories.map((category) => category.id);
  const today = todayIn(workspace.timezone);
  const [counts, sums, currencies, creators] = await Promise.all([
    db.sql.query<{ category_id: string; tx_count: number; recent: number }>(
      `SELECT category_id, count(DISTINCT id)::int AS tx_count,
              count(DISTINCT id) FILTER (WHERE date BETWEEN $3::date AND $4::date)::int AS recent
         FROM category_lines
        WHERE workspace_id = $1 AND category_id = ANY($2::uuid[]) AND type <> 'transfer'
        GROUP BY category_id`,
      [workspace.id, ids, addDays(today, -(RECENT_DAYS - 1)), today],
    ),
    monthSums({ db, workspace }, ids, startOfMonth(today), today),
    currencyCatalogue(db),
    creatorsOf(
      db,
      categories.map((category) => category.createdByUserId),
    ),
  ]);
  const home = currencies.get(workspace.homeCurrencyId)!;
  const countOf = new Map(counts.map((row) => [row.category_id, row]));
  const items = categories.map((category) => {
    const rows = sums.filter((row) => row.category_id === category.id);
    return {
      category,
      txCount: countOf.get(category.id)?.tx_count ?? 0,
      recentTxCount: countOf.get(category.id)?.recent ?? 0,
      spent: buildAggregate(
        rows.filter((row) => row.outflow),
        currencies,
        home,
        -1,
      ),
      earned: buildAggregate(
        rows.filter((row) => !row.outflow),
        currencies,
        home,
      ),
      createdBy: creators(category.createdByUserId),
    };
  });
  return items;
}

function monthSums(
  { db, workspace }: WorkspaceContext,
  categoryIds: string[],
  from: string,
  to: string,
): Promise<Array<AggregateRow & { category_id: string; outflow: boolean }>> {
  const fx = fxSql("$2::uuid");
  return db.sql.query(
    `SELECT t.category_id, t.currency_id, (t.amount < 0) AS outflow,
            SUM(t.amount)::text AS amount, count(*)::int AS count,
            SUM(${fx.homeAmount})::text AS home_amount, ${fx.missing} AS missing_fx_count, ${fx.rateDate} AS rate_date
       FROM category_lines t ${fx.join}
      WHERE t.workspace_id = $1 AND t.category_id = ANY($3::uuid[]) AND t.type <> 'transfer'
        AND t.date BETWEEN $4::date AND $5::date
      GROUP BY t.category_id, t.currency_id, (t.amount < 0)`,
    [workspace.id, workspace.homeCurrencyId, categoryIds, from, to],
  );
}
