import type { Decimal } from "../money/money";
import { groupRows, rankDesc, spendingOf, type CategoryRef, type FlowRow } from "./flows";

export interface SpendingColumn {
  category: CategoryRef;
  total: Decimal;
  /** Spending per month of the window, in the window's order. */
  perMonth: Decimal[];
}

/**
 * Spending (expense transactions, positive, home currency) per category and month. Columns are the
 * categories with expense transactions in the window, uncategorised as one column, largest total first.
 */
export function spendingByCategory(
  flows: readonly FlowRow[],
  months: readonly string[],
  categoryOf: (id: string | null) => CategoryRef,
): SpendingColumn[] {
  const expenses = flows.filter((row) => row.type === "expense");
  const columns = [...groupRows(expenses, (row) => row.category_id)].map(([categoryId, rows]) => {
    const byMonth = groupRows(rows, (row) => row.month);
    return {
      category: categoryOf(categoryId),
      total: spendingOf(rows),
      perMonth: months.map((month) => spendingOf(byMonth.get(month) ?? [])),
    };
  });
  const rank = (column: SpendingColumn) => ({
    amount: column.total,
    name: column.category.name,
    id: column.category.category_id,
  });
  return columns.sort((a, b) => rankDesc(rank(a), rank(b)));
}
