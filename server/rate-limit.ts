import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { env } from "./env";
import { normaliseEmail } from "./domain/identity/sessions";
import { AppError } from "./errors";
import { logger } from "./logger";

/**
 * Request budgets (CONTRACT "Rate limits", docs/api.md "Security"): per credential or session,
 * per client address for unauthenticated requests, failed authentication per client address and
 * per account, and the calls that send e-mail or create accounts. In memory by default; in Redis,
 * shared by every instance, when REDIS_URL is set (with an in-memory fallback while Redis is
 * unreachable).
 */
export interface Budget {
  limiter: RateLimiterAbstract;
  points: number;
  /** What a refusal says, e.g. "Too many sign-ups from this address". */
  refusal: string;
}

export interface RateLimiters {
  /** Requests per credential or session (RATE_LIMIT_PER_MINUTE). */
  perCaller: Budget;
  /** Requests without a credential (health, the OpenAPI document, sign-in, unknown paths) per client address. */
  perAddress: Budget;
  /** Failed authentication per client address (FAILED_AUTH_PER_MINUTE). */
  failedAuth: Budget;
  /** Wrong passwords per account (by e-mail address), whatever address they come from. */
  failedSignIn: Budget;
  /** Sign-up attempts per client address and per e-mail address. */
  signUps: Budget;
  /** Password-reset e-mails per client address, and per e-mail address (`resetMailsPerEmail`). */
  resetRequests: Budget;
  resetMailsPerEmail: Budget;
  /** Workspace invitations sent per inviting user. */
  invitations: Budget;
  /** The column-mapping editor's looks at a file (each reads a whole file, nothing stored) per session. */
  inspections: Budget;
  /** Settles when the shared store answers (at once without Redis), or after a few seconds without it. */
  ready: Promise<void>;
  /** Counters are meant to be in Redis (REDIS_URL is set). */
  shared: boolean;
}

interface RateLimitSettings {
  perMinute: number;
  failedAuthPerMinute: number;
  /** Wrong passwords per account per 15 minutes. */
  failedSignInPerAccount: number;
  redisUrl?: string;
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

const MINUTE = 60;
const HOUR = 3600;

/** The fixed budgets that are not settings (docs/api.md "Security" lists them). */
const FIXED_BUDGETS = {
  failedSignInWindowSeconds: 15 * MINUTE,
  signUpsPerAddressPerHour: 20,
  resetRequestsPerAddressPerHour: 20,
  resetMailsPerEmailPerHour: 3,
  invitationsPerUserPerHour: 20,
  inspectionsPerSessionPerMinute: 60,
} as const;

function budget(
  { points, duration, keyPrefix, refusal }: { points: number; duration: number; keyPrefix: string; refusal: string },
  redis: Redis | undefined,
): Budget {
  const memory = new RateLimiterMemory({ points, duration, keyPrefix });
  const limiter = redis
    ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory })
    : memory;
  return { limiter, points, refusal };
}

function createRateLimiters(options: RateLimitSettings): RateLimiters {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    watchRedis(redis);
  }
  const perMinute = `Rate limit of ${options.perMinute} requests per minute exceeded; retry later.`;
  return {
    perCaller: budget(
      { points: options.perMinute, duration: MINUTE, keyPrefix: "rl:caller", refusal: perMinute },
      redis,
    ),
    perAddress: budget(
      { points: options.perMinute, duration: MINUTE, keyPrefix: "rl:address", refusal: perMinute },
      redis,
    ),
    failedAuth: budget(
      {
        points: options.failedAuthPerMinute,
        duration: MINUTE,
        keyPrefix: "rl:auth-fail",
        refusal: "Too many failed authentication attempts from this address; retry later.",
      },
      redis,
    ),
    failedSignIn: budget(
      {
        points: options.failedSignInPerAccount,
        duration: FIXED_BUDGETS.failedSignInWindowSeconds,
        keyPrefix: "rl:sign-in-fail",
        refusal: "Too many failed sign-in attempts for this account; retry later.",
      },
      redis,
    ),
    signUps: budget(
      {
        points: FIXED_BUDGETS.signUpsPerAddressPerHour,
        duration: HOUR,
        keyPrefix: "rl:sign-up",
        refusal: "Too many sign-ups from this address; retry later.",
      },
      redis,
    ),
    resetRequests: budget(
      {
        points: FIXED_BUDGETS.resetRequestsPerAddressPerHour,
        duration: HOUR,
        keyPrefix: "rl:reset-address",
        refusal: "Too many password-reset requests from this address; retry later.",
      },
      redis,
    ),
    resetMailsPerEmail: budget(
      {
        points: FIXED_BUDGETS.resetMailsPerEmailPerHour,
        duration: HOUR,
        keyPrefix: "rl:reset-email",
        refusal: "Too many password-reset requests for this address; retry later.",
      },
      redis,
    ),
    invitations: budget(
      {
        points: FIXED_BUDGETS.invitationsPerUserPerHour,
        duration: HOUR,
        keyPrefix: "rl:invite",
        refusal: "Too many invitations sent; retry later.",
      },
      redis,
    ),
    inspections: budget(
      {
        points: FIXED_BUDGETS.inspectionsPerSessionPerMinute,
        duration: MINUTE,
        keyPrefix: "rl:inspect",
        refusal: "Too many previews of a file in a minute; wait a moment and change the settings again.",
      },
      redis,
    ),
    ready: redis ? whenReady(redis) : Promise.resolve(),
    shared: redis !== undefined,
  };
}

/**
 * Where the counters are: in Redis, shared by every instance; or in this instance's memory, because
 * no REDIS_URL is set or because Redis cannot be reached (then each instance allows the full
 * budget: with N instances, up to N times it, until Redis is back). Health reports it.
 */
export type RateLimitStore = "redis" | "memory" | "memory (redis unavailable)";

const redisState = globalThis as unknown as { redisUp?: boolean };

export function rateLimitStore(): RateLimitStore {
  if (!globalForLimits.rateLimiters?.shared) return "memory";
  return redisState.redisUp ? "redis" : "memory (redis unavailable)";
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
    failedSignInPerAccount: env.FAILED_SIGN_IN_PER_ACCOUNT,
    redisUrl: env.REDIS_URL,
  });
  return globalForLimits.rateLimiters;
}

function rateLimitHeaders(points: number, state: RateLimiterRes): Record<string, string> {
  return {
    "RateLimit-Limit": String(points),
    "RateLimit-Remaining": String(Math.max(0, state.remainingPoints)),
    "RateLimit-Reset": String(Math.max(1, Math.ceil(state.msBeforeNext / 1000))),
  };
}

function rateLimited(budgetOf: Budget, state: RateLimiterRes): AppError {
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
function isRefusal(rejection: unknown): rejection is RateLimiterRes {
  return (
    typeof rejection === "object" &&
    rejection !== null &&
    typeof (rejection as RateLimiterRes).msBeforeNext === "number" &&
    typeof (rejection as RateLimiterRes).remainingPoints === "number"
  );
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
