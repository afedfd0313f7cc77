import type { z } from "zod";

/**
 * Answers of cached reads, built once per cached result.
 *
 * A cached read (server/domain/data-version/workspace-cache.ts) hands every caller the same result
 * object while the workspace's data does not change. Mapping that result into the operation's
 * answer, validating the answer against the output schema and serialising it gave the same bytes
 * every time and cost more than the rest of the request (endpoint 6: about 0.3 ms of CPU for a
 * 27 KB page, as measured by bench:reads). Here the answer is built once per result and kept as long as the result
 * is (a WeakMap: when the cache drops the result, the answer goes with it); an output schema made
 * with `reusedOutput` validates such an answer once and hands back the same validated object after
 * that, and the REST handler serialises a validated object once (server/http/openapi-core.ts).
 *
 * What this relies on: a cached result is never changed after it is made (callers already share
 * it), and `build` reads nothing but the result and `variant` (which must name everything else the
 * answer depends on; the cache key already covers the query, so the query need not be repeated).
 */
const answers = new WeakMap<object, Map<string, object>>();
/** Answers built by reusedAnswer: the only values whose validation is kept. */
const reused = new WeakSet<object>();

export function reusedAnswer<S extends object, A extends object>(source: S, build: (source: S) => A, variant = ""): A {
  let built = answers.get(source);
  if (!built) {
    built = new Map();
    answers.set(source, built);
  }
  let answer = built.get(variant) as A | undefined;
  if (!answer) {
    answer = build(source);
    built.set(variant, answer);
    reused.add(answer);
  }
  return answer;
}

/** True for a value the output schema validated from a reused answer (it can be serialised once). */
export function isReusedOutput(value: unknown): value is object {
  return typeof value === "object" && value !== null && validatedOutputs.has(value);
}

const validatedOutputs = new WeakSet<object>();

/**
 * `schema`, whose parseAsync (what tRPC's output check calls) validates an answer of reusedAnswer
 * once and returns the same validated object for it afterwards; any other value is validated as
 * usual. Pass the schema through this before `.output()`, which takes parseAsync when it is called.
 */
export function reusedOutput<T extends z.ZodType>(schema: T): T {
  const parseAsync = schema.parseAsync.bind(schema);
  const validated = new WeakMap<object, Promise<z.output<T>>>();
  schema.parseAsync = (value: unknown, params?: Parameters<T["parseAsync"]>[1]) => {
    if (typeof value !== "object" || value === null || !reused.has(value)) return parseAsync(value, params);
    let output = validated.get(value);
    if (!output) {
      output = parseAsync(value, params).then((parsed) => {
        if (typeof parsed === "object" && parsed !== null) validatedOutputs.add(parsed);
        return parsed;
      });
      validated.set(value, output);
      // A failure is not kept: the next call reports it again.
      output.catch(() => validated.delete(value));
    }
    return output;
  };
  return schema;
}
