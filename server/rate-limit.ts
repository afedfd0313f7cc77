import { createHash } from "node:crypto";
import { env } from "./env";
import { normaliseEmail } from "./domain/identity/sessions";
import { createRateLimiters, type Budget, type RateLimiters } from "./rate-limit-budgets";
import { isRefusal, rateLimited, rateLimitHeaders } from "./rate-limit-headers";
import { redisIsUp } from "./rate-limit-store";

/** On globalThis: the production server's and Next's bundles each load this module, and share one set of counters. */
const globalForLimits = globalThis as unknown as { rateLimiters?: RateLimiters };

/**
 * Creates the process's limiters and waits for their store: called at start-up, so the first
 * requests already count in Redis. (With the offline queue off, a command sent while the connection
 * is still opening would be answered by the in-memory fallback, and not shared.)
 */
export function connectRateLimiters(): Promise<void> {
  return getRateLimiters().ready;
}

/** The process's budgets, made on first use from the environment's settings. */
export function getRateLimiters(): RateLimiters {
  globalForLimits.rateLimiters ??= createRateLimiters({
    perMinute: env.RATE_LIMIT_PER_MINUTE,
    failedAuthPerMinute: env.FAILED_AUTH_PER_MINUTE,
    failedSignInPerAccount: env.FAILED_SIGN_IN_PER_ACCOUNT,
    redisUrl: env.REDIS_URL,
  });
  return globalForLimits.rateLimiters;
}

/**
 * Where the counters are: in Redis, shared by every instance; or in this instance's memory, because
 * no REDIS_URL is set or because Redis cannot be reached (then each instance allows the full
 * budget: with N instances, up to N times it, until Redis is back). Health reports it.
 */
export type RateLimitStore = "redis" | "memory" | "memory (redis unavailable)";

export function rateLimitStore(): RateLimitStore {
  if (!globalForLimits.rateLimiters?.shared) return "memory";
  return redisIsUp() ? "redis" : "memory (redis unavailable)";
}

/** Spends `points` (one request, or each call of a batch) of `key`'s budget; returns the headers to send, or throws 429 RATE_LIMITED. */
export async function consume(budgetOf: Budget, key: string, points = 1): Promise<Record<string, string>> {
  try {
    return rateLimitHeaders(budgetOf.points, await budgetOf.limiter.consume(key, points));
  } catch (rejection) {
    if (isRefusal(rejection)) {
      throw rateLimited(budgetOf, rejection);
    }
    throw rejection;
  }
}

/** Throws 429 when `key` has already spent its budget, without spending. */
export async function assertNotExhausted(budgetOf: Budget, key: string): Promise<void> {
  const state = await budgetOf.limiter.get(key);
  if (state && state.consumedPoints >= budgetOf.points) {
    throw rateLimited(budgetOf, state);
  }
}

/**
 * The counter key of an e-mail address, whether or not an account uses it: normalised as accounts
 * are looked up, hashed so the counter store holds no addresses.
 */
export function emailKey(email: string): string {
  return createHash("sha256").update(normaliseEmail(email)).digest("hex");
}

/** What the per-address-and-e-mail limits need of a request's context (server/trpc/context.ts Context). */
export interface LimitedRequest {
  clientAddress: string | null;
  response: { headers: Headers };
}

/**
 * Spends one point of a sign-up's or reset request's budget for the client address and one for
 * the e-mail address (hashed: no addresses in the counter store), whether or not an account uses
 * it, so the answer is the same for both. The tighter budget's headers are sent.
 */
export async function limitPerAddressAndEmail(
  ctx: LimitedRequest,
  action: "sign-up" | "reset",
  email: string,
): Promise<void> {
  const limiters = getRateLimiters();
  const [perAddress, perEmail] =
    action === "sign-up" ? [limiters.signUps, limiters.signUps] : [limiters.resetRequests, limiters.resetMailsPerEmail];
  const headers = [
    await consume(perAddress, `address:${ctx.clientAddress ?? "unknown"}`),
    await consume(perEmail, `email:${emailKey(email)}`),
  ];
  const tightest = headers.reduce((a, b) =>
    Number(b["RateLimit-Remaining"]) < Number(a["RateLimit-Remaining"]) ? b : a,
  );
  for (const [name, value] of Object.entries(tightest)) ctx.response.headers.set(name, value);
}
