import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { retryDelayMs, RETRY_DELAYS_MS, MAX_ATTEMPTS } from "./retry-schedule";
import { newSigningKey, secretOf, signedHeaders } from "./signing";

describe("Standard Webhooks signatures", () => {
  it("verify with the standardwebhooks library, under the current secret and, after a rotation, the previous one", () => {
    const [current, previous] = [newSigningKey(), newSigningKey()];
    const body = JSON.stringify({ type: "transactions.created", data: { ids: ["a"] } });
    const now = Math.floor(Date.now() / 1000);
    const single = signedHeaders([current], "msg_1", now, body);
    expect(single["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secretOf(current)).verify(body, single)).toEqual(JSON.parse(body));
    // A receiver still on the previous secret, or already on the new one, accepts the rotated signature.
    const both = signedHeaders([current, previous], "msg_1", now, body);
    expect(both["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(secretOf(previous)).verify(body, both)).toEqual(JSON.parse(body));
    expect(new Webhook(secretOf(current)).verify(body, both)).toEqual(JSON.parse(body));
    // A changed body, another id or another secret fails.
    expect(() => new Webhook(secretOf(current)).verify(body.replace("a", "b"), single)).toThrow();
    expect(() => new Webhook(secretOf(current)).verify(body, { ...single, "webhook-id": "msg_2" })).toThrow();
    expect(() => new Webhook(secretOf(newSigningKey())).verify(body, single)).toThrow();
  });
});

describe("the retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, 8 h and 8 h within ±10%, eight attempts over about a day", () => {
    expect(MAX_ATTEMPTS).toBe(8);
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total / 3_600_000).toBeGreaterThan(23);
    expect(total / 3_600_000).toBeLessThan(24);
    expect(retryDelayMs(1, 1, 0)).toBe(4_500);
    expect(retryDelayMs(1, 1, 0.999_999)).toBe(5_500);
    expect(retryDelayMs(2, 1, 0.5)).toBe(300_000);
    expect(retryDelayMs(7, 1, 0.5)).toBe(8 * 3_600_000);
    expect(retryDelayMs(8)).toBeNull();
    // Each later delay is longer than the last (or equal at the end), whatever the jitter.
    for (let attempt = 1; attempt < 6; attempt++)
      expect(retryDelayMs(attempt + 1, 1, 0)!).toBeGreaterThan(retryDelayMs(attempt, 1, 0.999)!);
    expect(retryDelayMs(2, 0.001, 0.5)).toBe(300);
  });
});
