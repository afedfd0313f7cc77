import type { z } from "zod";

/**
 * The same key twice in one list of a body (a transaction's id, a preview row's number): an issue at
 * each repeat's path naming the place it repeats, `<list>.<index>.<field>: repeats <list>.<earlier>.<field>: <advice>`.
 */
export function refuseRepeatedKeys<Row>(
  rows: readonly Row[],
  keyOf: (row: Row) => string | number | null,
  ctx: z.RefinementCtx,
  { list, field, advice }: { list: string; field: string; advice: string },
): void {
  const first = new Map<string | number, number>();
  rows.forEach((row, index) => {
    const key = keyOf(row);
    if (key === null) return;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index);
    else
      ctx.addIssue({
        code: "custom",
        path: [list, index, field],
        message: `repeats ${list}.${earlier}.${field}: ${advice}`,
      });
  });
}
