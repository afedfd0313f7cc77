import type { TransactionType } from "../../db/generated/prisma/client";

/** The category filter's value for expenses and income without a category. */
export const UNCATEGORISED = "uncategorised";

/**
 * The category and type the list's `category_id` and `type` filters ask for, as the transactions'
 * (and their tallies') where: "uncategorised" means expenses and income without a category, as
 * transfers never take one.
 */
export function categoryAndTypeWhere(filters: { category_id?: string; type?: TransactionType }): {
  categoryId?: string | null;
  type?: TransactionType | { in: TransactionType[] };
} {
  if (filters.category_id === UNCATEGORISED)
    return {
      categoryId: null,
      type: filters.type === "transfer" ? { in: [] } : (filters.type ?? { in: ["expense", "income"] }),
    };
  return {
    ...(filters.category_id ? { categoryId: filters.category_id } : {}),
    ...(filters.type ? { type: filters.type } : {}),
  };
}
