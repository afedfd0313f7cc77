import { describe, expect, it } from "vitest";
import { withKeyLocks } from "./keyed-lock";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("withKeyLocks", () => {
  it("runs holders of one key one at a time, in arrival order", async () => {
    const events: string[] = [];
    const holder = (name: string) =>
      withKeyLocks(["account:a"], async () => {
        events.push(`${name} in`);
        await tick();
        events.push(`${name} out`);
        return name;
      });
    expect(await Promise.all([holder("1"), holder("2"), holder("3")])).toEqual(["1", "2", "3"]);
    expect(events).toEqual(["1 in", "1 out", "2 in", "2 out", "3 in", "3 out"]);
  });

  it("lets different keys run at once, and a holder of two keys wait for both", async () => {
    const events: string[] = [];
    const hold = (keys: string[], name: string) =>
      withKeyLocks(keys, async () => {
        events.push(`${name} in`);
        await tick();
        events.push(`${name} out`);
      });
    await Promise.all([hold(["a"], "A"), hold(["b"], "B"), hold(["b", "a"], "AB")]);
    expect(events.slice(0, 2).sort()).toEqual(["A in", "B in"]);
    expect(events.slice(-2)).toEqual(["AB in", "AB out"]);
  });

  it("passes a holder's failure to it alone and frees the key", async () => {
    const failing = withKeyLocks(["k"], async () => {
      throw new Error("wrong password");
    });
    const next = withKeyLocks(["k"], async () => "ran");
    await expect(failing).rejects.toThrow("wrong password");
    expect(await next).toBe("ran");
  });
});
