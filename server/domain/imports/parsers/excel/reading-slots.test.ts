import { describe, expect, it } from "vitest";
import { AppError } from "../../../../errors";
import { createReadingSlots } from "./reading-slots";
import { readWorkbookInWorker } from "./run-worker";

/** A piece of work that ends when the test says so. */
function held<T>(): {
  work: () => Promise<T>;
  finish: (value: T) => void;
  fail: (error: Error) => void;
  started: () => boolean;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  let started = false;
  const done = new Promise<T>((ok, no) => {
    resolve = ok;
    reject = no;
  });
  return {
    work: () => ((started = true), done),
    finish: (value) => resolve(value),
    fail: (error) => reject(error),
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const busy = () => new Error("busy");

describe("reading slots", () => {
  it("runs at most `size` at once; the next one starts when a slot frees", async () => {
    const slots = createReadingSlots({ size: 2, waitMs: 10_000 });
    const [a, b, c] = [held<string>(), held<string>(), held<string>()];
    const answers = [slots.run(a.work, busy), slots.run(b.work, busy), slots.run(c.work, busy)];
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, true, false]);
    expect([slots.running, slots.waiting]).toEqual([2, 1]);
    b.finish("b");
    await tick();
    expect(c.started()).toBe(true);
    a.finish("a");
    c.finish("c");
    expect(await Promise.all(answers)).toEqual(["a", "b", "c"]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it("gives up on a wait longer than waitMs with busy(), and never runs that work", async () => {
    const slots = createReadingSlots({ size: 1, waitMs: 30 });
    const first = held<string>();
    const running = slots.run(first.work, busy);
    const late = held<string>();
    const refusal = (waitedMs: number) => new Error(`busy after ${waitedMs >= 25 ? "the wait" : "too short a wait"}`);
    await expect(slots.run(late.work, refusal)).rejects.toThrow("busy after the wait");
    expect(late.started()).toBe(false);
    expect(slots.waiting).toBe(0);
    first.finish("first");
    expect(await running).toBe("first");
    // The slot is free again: the next one runs at once.
    expect(await slots.run(async () => "next", busy)).toBe("next");
  });

  it("frees the slot when a reading throws, for the one waiting", async () => {
    const slots = createReadingSlots({ size: 1, waitMs: 10_000 });
    const failing = held<string>();
    const failed = slots.run(failing.work, busy);
    const waiting = slots.run(async () => "after", busy);
    failing.fail(new Error("unreadable"));
    await expect(failed).rejects.toThrow("unreadable");
    expect(await waiting).toBe("after");
    expect(slots.running).toBe(0);
  });
});

describe("the process's spreadsheet readers", () => {
  it("answer 503 with Retry-After when none frees up in time (MAX_SPREADSHEET_READINGS = 2, SPREADSHEET_WAIT_MS = 3 s)", async () => {
    // Two readings that hang hold both readers for their 4 s time limit; a third waits 3 s, then gives up.
    const hanging = [1, 2].map(() =>
      readWorkbookInWorker(Buffer.alloc(8), { zipEntries: null, timeLimitMs: 4_000, testHang: true }).catch(
        () => "stopped",
      ),
    );
    const refusal = await readWorkbookInWorker(Buffer.alloc(8), { zipEntries: null }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "SERVICE_UNAVAILABLE", status: 503, headers: { "Retry-After": "5" } });
    expect((refusal as AppError).message).toBe(
      "Other spreadsheets are being read right now; send the file again in a few seconds.",
    );
    expect(await Promise.all(hanging)).toEqual(["stopped", "stopped"]);
  }, 15_000);
});
