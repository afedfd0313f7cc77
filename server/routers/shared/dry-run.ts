import type { Db } from "../../db";

const ROLLED_BACK = Symbol("dry run");

/**
 * `work`'s answer with nothing it wrote kept: it runs in a transaction that is rolled back, so a
 * dry run goes through exactly the checks and writes of the real one (and answers the same
 * statuses) without changing anything.
 */
export async function dryRun<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  let answer: { value: T } | null = null;
  try {
    await db.transaction(async (tx) => {
      answer = { value: await work(tx) };
      throw ROLLED_BACK;
    });
  } catch (error) {
    if (error !== ROLLED_BACK || answer === null) throw error;
  }
  return (answer as unknown as { value: T }).value;
}
