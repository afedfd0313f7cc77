/**
 * When a failed delivery is tried again (issue 33): after 5 s, 5 min, 30 min, 2 h, 5 h, 8 h and 8 h,
 * each within ±10% (jitter, so that receivers coming back are not hit by every retry at once): eight
 * attempts over about 24 hours, then the delivery is failed. An endpoint whose attempts have all
 * failed for 5 days is disabled. PFA_TEST_WEBHOOK_TIME_SCALE shortens both in tests.
 */
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 8 * HOUR, 8 * HOUR] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;
const JITTER = 0.1;

/**
 * The delay before the next attempt after `attempts` failed ones, or null when that was the last.
 * `random` in [0, 1) picks the jitter.
 */
export function retryDelayMs(attempts: number, scale = 1, random = Math.random()): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * scale * (1 - JITTER + 2 * JITTER * random));
}
