import type { Database, Db } from "../db";
import { createPassLog } from "./pass-log";

const POLL_MS = 2_000;

export interface JobLoop {
  /** Runs a pass now (or right after the one under way). */
  kick(): void;
  /** Takes no new work, and settles when the pass under way (if any) is done. */
  stop(): Promise<void>;
}

/**
 * A process's polling loop over one kind of queued work: `drain` every POLL_MS and whenever
 * kicked, one pass at a time; a kick during a pass runs another pass after it. `drain` is told when
 * the loop is stopping, and leaves what it has not begun to another instance (or the next start).
 */
export function startJobLoop(
  name: string,
  getDb: () => Promise<Database>,
  drain: (db: Db, stopping: () => boolean) => Promise<unknown>,
): JobLoop {
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const passes = createPassLog(name);
  const loop = async () => {
    try {
      do {
        again = false;
        await drain(await getDb(), () => stopped);
      } while (again && !stopped);
      passes.succeeded();
    } catch (error) {
      passes.failed(error);
    } finally {
      current = null;
    }
  };
  const run = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = loop();
  };
  const timer = setInterval(run, POLL_MS);
  timer.unref();
  return {
    kick: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
