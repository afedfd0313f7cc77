import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { env } from "./env";
import { AppError } from "./errors";
import { logger } from "./logger";

/**
 * Request budgets (CONTRACT "Rate limits"): per credential or session, and failed authentication
 * per client address. In memory by default; in Redis, shared by every instance, when REDIS_URL
 * is set (with an in-memory fallback while Redis is unreachable).
 */
export interface Budget {
  limiter: RateLimiterAbstract;
  points: number;
}

export interface RateLimiters {
  perCaller: Budget;
  failedAuth: Budget;
  /** Settles when the shared store answers (at once without Redis), or after a few seconds without it. */
  ready: Promise<void>;
}

/** How long a start waits for Redis before serving on the in-memory fallback. */
const REDIS_READY_TIMEOUT_MS = 5_000;

function whenReady(redis: Redis): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.warn("redis not ready at start-up: rate limits use this instance's memory until it is");
      resolve();
    }, REDIS_READY_TIMEOUT_MS);
    timer.unref();
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const WINDOW_SECONDS = 60;

function budget(points: number, keyPrefix: string, redis: Redis | undefined): Budget {
  const memory = new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix });
  const limiter = redis
    ? new RateLimiterRedis({ storeClient: redis, points, duration: WINDOW_SECONDS, keyPrefix, insuranceLimiter: memory })
    : memory;
  return { limiter, points };
}

export function createRateLimiters(options: { perMinute: number; failedAuthPerMinute: number; redisUrl?: string }): RateLimiters {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on("error", (error) => logger.warn({ err: error }, "redis unavailable: rate limits fall back to this instance"));
  }
  return {
    perCaller: budget(options.perMinute, "rl:caller", redis),
    failedAuth: budget(options.failedAuthPerMinute, "rl:auth-fail", redis),
    ready: redis ? whenReady(redis) : Promise.resolve(),
  };
}

const globalForLimits = globalThis as unknown as { rateLimiters?: RateLimiters };

/**
 * Creates the process's limiters and waits for their store: called at start-up, so the first
 * requests already count in Redis. (With the offline queue off, a command sent while the connection
 * is still opening would be answered by the in-memory fallback, and not shared.)
 */
export function connectRateLimiters(): Promise<void> {
  return getRateLimiters().ready;
}

export function getRateLimiters(): RateLimiters {
  globalForLimits.rateLimiters ??= createRateLimiters({
    perMinute: env.RATE_LIMIT_PER_MINUTE,
    failedAuthPerMinute: env.FAILED_AUTH_PER_MINUTE,
    redisUrl: env.REDIS_URL,
  });
  return globalForLimits.rateLimiters;
}

export function rateLimitHeaders(points: number, state: RateLimiterRes): Record<string, string> {
  return {
    "RateLimit-Limit": String(points),
    "RateLimit-Remaining": String(Math.max(0, state.remainingPoints)),
    "RateLimit-Reset": String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))),
  };
}

function rateLimited(points: number, state: RateLimiterRes, message: string): AppError {
  return new AppError("RATE_LIMITED", message, {
    ...rateLimitHeaders(points, state),
    "Retry-After": String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))),
  });
}

/**
 * A limiter's refusal. Recognised by its shape, not with instanceof: the limiters live on
 * globalThis and may have been made by another loaded copy of rate-limiter-flexible (the production
 * server's and Next's bundles each load one), whose RateLimiterRes is a different class.
 */
function isRefusal(rejection: unknown): rejection is RateLimiterRes {
  return (
    typeof rejection === "object" &&
    rejection !== null &&
    typeof (rejection as RateLimiterRes).msBeforeNext === "number" &&
    typeof (rejection as RateLimiterRes).remainingPoints === "number"
  );
}

/** Spends one request of `key`'s budget; returns the headers to send, or throws 429 RATE_LIMITED. */
export async function consume(budgetOf: Budget, key: string): Promise<Record<string, string>> {
  try {
    return rateLimitHeaders(budgetOf.points, await budgetOf.limiter.consume(key));
  } catch (rejection) {
    if (isRefusal(rejection)) {
      throw rateLimited(budgetOf.points, rejection, `Rate limit of ${budgetOf.points} requests per minute exceeded; retry later.`);
    }
    throw rejection;
  }
}

/** Throws 429 when `key` has already spent its budget, without spending. */
export async function assertNotExhausted(budgetOf: Budget, key: string): Promise<void> {
  const state = await budgetOf.limiter.get(key);
  if (state && state.consumedPoints >= budgetOf.points) {
    throw rateLimited(budgetOf.points, state, "Too many failed authentication attempts from this address; retry later.");
  }
}
