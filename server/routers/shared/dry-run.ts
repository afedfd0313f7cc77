import type { Db } from "../../db";
import { WRITE_TRANSACTION_OPTIONS } from "../../domain/idempotency/idempotency";

const ROLLED_BACK = Symbol("dry run");

/**
 * `work`'s answer with nothing it wrote kept: it runs in a transaction that is rolled back, so a
 * dry run goes through exactly the checks and writes of the real one (and answers the same
 * statuses) without changing anything.
 */
export async function dryRun<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  let answer: { value: T } | null = null;
  try {
    // The real write's limits, so a dry run of a large write is not cut short where the write would not be.
    await db.transaction(async (tx) => {
      answer = { value: await work(tx) };
      throw ROLLED_BACK;
    }, WRITE_TRANSACTION_OPTIONS);
  } catch (error) {
    if (error !== ROLLED_BACK || answer === null) throw error;
  }
  return (answer as unknown as { value: T }).value;
}
