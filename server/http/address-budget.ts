import { AppError } from "../errors";
import { consume, getRateLimiters } from "../rate-limit";
import { clientAddressOf } from "./client-address";
import type { RequestHeaders } from "./rest-request";

/**
 * The budget of requests that carry no credential (health, the OpenAPI document, sign-in and
 * sign-up, unknown paths), per client address: RATE_LIMIT_PER_MINUTE, like a credential's.
 * One unit a request, or `calls` units for a batch of calls that carry none (tRPC). Returns the
 * RateLimit-* headers to send; throws 429 RATE_LIMITED when `refuse` and it is spent.
 */
export async function spendAddressBudget(
  headers: RequestHeaders,
  { refuse, calls = 1 }: { refuse: boolean; calls?: number },
): Promise<Record<string, string>> {
  const { perAddress } = getRateLimiters();
  try {
    return await consume(perAddress, `address:${clientAddressOf(headers) ?? "unknown"}`, calls);
  } catch (error) {
    if (!refuse && error instanceof AppError && error.code === "RATE_LIMITED") {
      const { "Retry-After": _retryAfter, ...budget } = error.headers;
      return budget;
    }
    throw error;
  }
}
