import type { RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";
import type { Budget } from "./rate-limit-budgets";

/** The RateLimit-* headers of a budget of `points` in `state`, sent with every answer that spent from it. */
export function rateLimitHeaders(points: number, state: RateLimiterRes): Record<string, string> {
  return {
    "RateLimit-Limit": String(points),
    "RateLimit-Remaining": String(Math.max(0, state.remainingPoints)),
    "RateLimit-Reset": String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))),
  };
}

/** 429 RATE_LIMITED with the budget's refusal, its headers and Retry-After. */
export function rateLimited(budgetOf: Budget, state: RateLimiterRes): AppError {
  return new AppError("RATE_LIMITED", budgetOf.refusal, {
    ...rateLimitHeaders(budgetOf.points, state),
    "Retry-After": String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))),
  });
}

/**
 * A limiter's refusal. Recognised by its shape, not with instanceof: the limiters live on
 * globalThis and may have been made by another loaded copy of rate-limiter-flexible (the production
 * server's and Next's bundles each load one), whose RateLimiterRes is a different class.
 */
export function isRefusal(rejection: unknown): rejection is RateLimiterRes {
  return (
    typeof rejection === "object" &&
    rejection !== null &&
    typeof (rejection as RateLimiterRes).msBeforeNext === "number" &&
    typeof (rejection as RateLimiterRes).remainingPoints === "number"
  );
}
