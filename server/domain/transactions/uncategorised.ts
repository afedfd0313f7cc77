/** The category filter's value for expenses and income without a category. */
export const UNCATEGORISED = "uncategorised";
