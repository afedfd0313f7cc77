import type { Redis } from "ioredis";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { connectRedis, storedLimiter, whenReady } from "./rate-limit-store";

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
  return { limiter: storedLimiter({ points, duration, keyPrefix }, redis), points, refusal };
}

/** Every budget of the process, in Redis when `options.redisUrl` is set. */
export function createRateLimiters(options: RateLimitSettings): RateLimiters {
  const redis = options.redisUrl ? connectRedis(options.redisUrl) : undefined;
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
