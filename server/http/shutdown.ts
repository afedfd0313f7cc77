/**
 * Graceful shutdown on SIGTERM/SIGINT (a rolling restart, `docker stop`, Ctrl-C): health answers
 * 503 "draining" on connections already open (new ones are refused at once, which a load
 * balancer reads as down); the server stops accepting connections and lets requests under way finish; the import worker takes no new job and finishes the one it books; the
 * database pool closes; the process exits 0. All within DRAIN_BUDGET_MS: what is still running
 * then is cut (a booking rolls back and another instance takes it over; see import-worker.ts).
 */
import type { Server } from "node:http";
import { logger } from "../logger";

/** Under the 30 s most process managers wait between SIGTERM and SIGKILL. */
export const DRAIN_BUDGET_MS = 25_000;
/** Closing the pools after the drain. */
const CLOSE_BUDGET_MS = 3_000;

const state = globalThis as unknown as { pfaDraining?: boolean };

/** This process is shutting down (health reports it). */
export function isDraining(): boolean {
  return state.pfaDraining === true;
}

export interface ShutdownSteps {
  server: Server;
  /** Stops the background work and settles when the work under way is done. */
  stopWork: () => Promise<void>;
  closeDatabase: () => Promise<void>;
  budgetMs?: number;
}

/** Drains and closes; resolves true when everything finished within the budget. */
export async function drainAndClose({
  server,
  stopWork,
  closeDatabase,
  budgetMs = DRAIN_BUDGET_MS,
}: ShutdownSteps): Promise<boolean> {
  state.pfaDraining = true;
  const started = Date.now();
  logger.info({ budgetMs }, "shutting down: finishing requests and the import being booked");
  const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections with no request under way would hold close() open until they time out.
  server.closeIdleConnections();
  const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), budgetMs);
  });
  const finished = await Promise.race([Promise.all([serverClosed, stopWork()]).then(() => true as const), outOfTime]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  if (!finished) {
    logger.warn({ budgetMs }, "shutting down: out of time, cutting what is still running");
    server.closeAllConnections();
  }
  // A connection still checked out (a booking cut above) would hold the pool's end() open: bounded too.
  const closed = closeDatabase().then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, "shutting down: closing the database failed");
      return false;
    },
  );
  const closeTimer = new Promise<false>((resolve) => setTimeout(() => resolve(false), CLOSE_BUDGET_MS).unref());
  if (!(await Promise.race([closed, closeTimer]))) logger.warn("shutting down: the database did not close in time");
  logger.info({ ms: Date.now() - started, finished }, "shut down");
  logger.flush();
  return finished;
}
