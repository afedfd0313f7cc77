/**
 * At most `size` pieces of work at once (a counting semaphore); the others wait in line, each at
 * most `waitMs`, then fail with the caller's `busy()`. A slot is given back however the work ends.
 * The error is the caller's to make: slots shared through globalThis outlive the copy of the module
 * (and of its error classes) that created them.
 */
export interface ReadingSlots {
  run<T>(work: () => Promise<T>, busy: (waitedMs: number) => Error): Promise<T>;
  /** Work running now, and waiting for a slot. */
  readonly running: number;
  readonly waiting: number;
}

export function createReadingSlots({ size, waitMs }: { size: number; waitMs: number }): ReadingSlots {
  let running = 0;
  const queue: Array<() => void> = [];

  const release = (): void => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  /** Resolves when a slot is this caller's: a free one at once, else the one a finished work hands over. */
  const acquire = (busy: (waitedMs: number) => Error): Promise<void> => {
    if (running < size) {
      running += 1;
      return Promise.resolve();
    }
    const started = performance.now();
    return new Promise<void>((resolve, reject) => {
      const take = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(take), 1);
        reject(busy(performance.now() - started));
      }, waitMs);
      queue.push(take);
    });
  };

  return {
    async run(work, busy) {
      await acquire(busy);
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
