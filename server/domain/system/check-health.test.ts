import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db";
import { checkHealth } from "./check-health";

/** A database whose one query answers with `answer` (a promise that may never settle). */
const databaseAnswering = (answer: () => Promise<unknown>) => ({
  db: { sql: { query: answer } } as unknown as Db,
});

afterEach(() => {
  vi.useRealTimers();
});

describe("checkHealth", () => {
  it("says draining while the process shuts down, even with the database answering", async () => {
    const report = await checkHealth({ ...databaseAnswering(async () => [{ "?column?": 1 }]), draining: true });
    expect(report).toMatchObject({ status: "draining", database: "ok" });
  });

  it("is ok when the database answers, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const report = await checkHealth(databaseAnswering(async () => [{ "?column?": 1 }]));
    expect(report).toMatchObject({ status: "ok", database: "ok" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("is degraded when the query fails", async () => {
    expect(await checkHealth(databaseAnswering(async () => Promise.reject(new Error("down"))))).toMatchObject({
      status: "degraded",
      database: "unavailable",
    });
  });

  it("is degraded after 3 s without an answer", async () => {
    vi.useFakeTimers();
    const pending = checkHealth(databaseAnswering(() => new Promise(() => undefined)));
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: "degraded", database: "unavailable" });
  });
});
