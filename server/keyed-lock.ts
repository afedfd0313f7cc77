/**
 * Runs work one at a time per key within this process: what a check-then-count budget needs so that
 * attempts sent at once (the calls of a batch, parallel connections) see each other's outcome.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs `work` once every earlier holder of any of `keys` is done; keys are taken in one order, so two holders never wait on each other. */
export async function withKeyLocks<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(keys)].sort();
  if (first === undefined) return work();
  return withKeyLock(first, () => withKeyLocks(rest, work));
}

async function withKeyLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(work, work);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    // The last holder leaves no entry behind.
    if (tails.get(key) === tail) tails.delete(key);
  }
}
