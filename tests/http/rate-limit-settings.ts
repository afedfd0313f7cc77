/** An operation every token may call, to spend a budget with. */
export const CURRENT = "/api/v1/programmatic-access/credentials/current";

/** Small budgets, so a test spends them in a few requests. */
export const LIMITS = { RATE_LIMIT_PER_MINUTE: "5", FAILED_AUTH_PER_MINUTE: "3", SEED_ON_EMPTY: "false" };
