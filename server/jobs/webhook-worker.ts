/**
 * Sends webhook deliveries (issue 33) from every server process: a pool of at most
 * WEBHOOK_CONCURRENCY attempts at once, so a slow receiver (up to 10 s an attempt) holds up only its
 * own deliveries, never the API; claims are taken as slots free up, polled every POLL_MS and kicked
 * after a write that queued an event. Stopping takes no new claims, lets the attempts under way end
 * for up to STOP_GRACE_MS, then stops the rest and gives their claims back untried.
 */
import type { Database, Db } from "../db";
import {
  attemptHeaders,
  claimDeliveries,
  recordOutcome,
  releaseClaim,
  type ClaimedDelivery,
} from "../domain/webhooks/delivery-attempts";
import { targetRules } from "../domain/webhooks/endpoints";
import type { TargetRules } from "../domain/webhooks/target-address";
import { sendAttempt } from "../domain/webhooks/send";
import { env } from "../env";
import { logger } from "../logger";
import { createPassLog } from "./pass-log";

const POLL_MS = 250;
const STOP_GRACE_MS = 5_000;

export interface WebhookWorker {
  kick(): void;
  stop(): Promise<void>;
  /** Settles when nothing is being sent and no pass runs (tests). */
  idle(): Promise<void>;
}

export interface WebhookWorkerOptions {
  concurrency: number;
  rules: TargetRules;
  timeScale: number;
}

export function startWebhookWorkerLoop(
  getDb: () => Promise<Database>,
  {
    concurrency = env.WEBHOOK_CONCURRENCY,
    rules = targetRules(),
    timeScale = env.PFA_TEST_WEBHOOK_TIME_SCALE,
  }: Partial<WebhookWorkerOptions> = {},
): WebhookWorker {
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  const passes = createPassLog("webhook delivery pass");
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;

  const deliver = async (db: Db, claimed: ClaimedDelivery) => {
    const outcome = await sendAttempt({
      url: claimed.url,
      body: claimed.body,
      headers: attemptHeaders(claimed),
      rules,
      signal: abort.signal,
    });
    if (abort.signal.aborted && !outcome.ok && outcome.status === null) await releaseClaim(db, claimed);
    else await recordOutcome(db, claimed, outcome, timeScale);
    if (!outcome.ok)
      logger.info(
        { webhookDeliveryId: claimed.id, attempt: claimed.attempts, error: outcome.error },
        "webhook delivery attempt failed",
      );
  };

  const claimWhileFree = async () => {
    const db = await getDb();
    while (!stopped && inFlight.size < concurrency) {
      const claimed = await claimDeliveries(db, concurrency - inFlight.size);
      if (claimed.length === 0) break;
      for (const each of claimed) {
        const sending = deliver(db, each)
          .catch((error) => logger.error({ err: error, webhookDeliveryId: each.id }, "webhook delivery failed"))
          .finally(() => {
            inFlight.delete(sending);
            run();
          });
        inFlight.add(sending);
      }
    }
  };

  const run = () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = (async () => {
      try {
        do {
          again = false;
          await claimWhileFree();
        } while (again && !stopped);
        passes.succeeded();
      } catch (error) {
        passes.failed(error);
      } finally {
        pass = null;
      }
    })();
  };

  const timer = setInterval(run, POLL_MS);
  timer.unref();
  return {
    kick: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pass;
      const grace = setTimeout(() => abort.abort(), STOP_GRACE_MS);
      await Promise.allSettled([...inFlight]);
      clearTimeout(grace);
    },
    async idle() {
      while (pass || inFlight.size > 0) await Promise.allSettled([pass, ...inFlight]);
    },
  };
}

const globalForWorker = globalThis as unknown as { webhookWorker?: WebhookWorker };

export function startWebhookWorker(getDb: () => Promise<Database>): WebhookWorker {
  globalForWorker.webhookWorker ??= startWebhookWorkerLoop(getDb);
  return globalForWorker.webhookWorker;
}

/** Sends what a write just queued without waiting for the next poll (the commit may still be under way: the poll is the backstop). */
export function kickWebhookWorker(): void {
  const worker = globalForWorker.webhookWorker;
  if (worker) setImmediate(() => worker.kick());
}

export function stopWebhookWorker(): Promise<void> {
  return globalForWorker.webhookWorker?.stop() ?? Promise.resolve();
}
