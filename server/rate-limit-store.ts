import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { logger } from "./logger";

/** How long a start waits for Redis before serving on the in-memory fallback. */
const REDIS_READY_TIMEOUT_MS = 5_000;

/** On globalThis, like the limiters: the production server's and Next's bundles each load this module. */
const redisState = globalThis as unknown as { redisUp?: boolean };

/** Whether the Redis connection answers now (false before it first does). */
export function redisIsUp(): boolean {
  return redisState.redisUp === true;
}

/** The connection to REDIS_URL that every budget's counters share, watched for outages. */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  watchRedis(redis);
  return redis;
}

/** Settles when Redis answers, or with a warning after REDIS_READY_TIMEOUT_MS. */
export function whenReady(redis: Redis): Promise<void> {
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

/**
 * A budget's limiter: in Redis, with this instance's memory as insurance while Redis cannot be
 * reached; in memory alone without Redis.
 */
export function storedLimiter(
  { points, duration, keyPrefix }: { points: number; duration: number; keyPrefix: string },
  redis: Redis | undefined,
): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  return redis
    ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory })
    : memory;
}

/** One warning when Redis goes (ioredis reports every failed reconnect), one line when it is back. */
function watchRedis(redis: Redis): void {
  redisState.redisUp = false;
  let warned = false;
  redis.on("ready", () => {
    if (warned) logger.info("redis reachable again: rate limits are shared by every instance again");
    redisState.redisUp = true;
    warned = false;
  });
  redis.on("error", (error) => {
    redisState.redisUp = false;
    if (warned) return;
    warned = true;
    logger.warn(
      { err: error },
      "redis unavailable: rate limits fall back to this instance's memory (each instance allows the full budget)",
    );
  });
  for (const gone of ["close", "end"] as const) {
    redis.on(gone, () => {
      redisState.redisUp = false;
    });
  }
}
