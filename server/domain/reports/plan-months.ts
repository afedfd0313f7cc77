/** Months of history each plan may see (CONTRACT "Plans and report windows"); the dashboard says them too. */
export const PLAN_MONTHS = { free: 12, plus: 36, pro: 120 } as const;
