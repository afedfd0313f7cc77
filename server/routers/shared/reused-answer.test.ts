import { z } from "zod";
import { describe, expect, it } from "vitest";
import { isReusedOutput, reusedAnswer, reusedOutput } from "./reused-answer";

const schema = () => reusedOutput(z.object({ data: z.array(z.object({ name: z.string(), total: z.string() })) }));

describe("answers of cached reads", () => {
  it("builds one answer per cached result and variant", () => {
    const result = { rows: [{ name: "Food", total: "12.50" }] };
    let builds = 0;
    const build = (source: typeof result) => {
      builds++;
      return { data: source.rows.map((row) => ({ ...row })) };
    };
    const first = reusedAnswer(result, build);
    expect(reusedAnswer(result, build)).toBe(first);
    expect(reusedAnswer(result, build, "page 2")).not.toBe(first);
    expect(reusedAnswer({ rows: [] }, build)).toEqual({ data: [] });
    expect(builds).toBe(3);
  });

  it("validates a reused answer once and hands back the same validated object", async () => {
    const output = schema();
    const answer = reusedAnswer({}, () => ({ data: [{ name: "Food", total: "12.50", extra: "stripped" }] }));
    const validated = await output.parseAsync(answer);
    expect(validated).toEqual({ data: [{ name: "Food", total: "12.50" }] });
    expect(await output.parseAsync(answer)).toBe(validated);
    expect(isReusedOutput(validated)).toBe(true);
  });

  it("validates every other value every time, and refuses a wrong one every time", async () => {
    const output = schema();
    const plain = { data: [{ name: "Rent", total: "900.00" }] };
    const once = await output.parseAsync(plain);
    expect(await output.parseAsync(plain)).not.toBe(once);
    expect(isReusedOutput(once)).toBe(false);
    const wrong = reusedAnswer({}, () => ({ data: [{ name: "Rent", total: 900 }] }));
    await expect(output.parseAsync(wrong)).rejects.toThrow();
    await expect(output.parseAsync(wrong)).rejects.toThrow();
  });
});
