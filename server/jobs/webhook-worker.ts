/**
 * Sends webhook deliveries (issue 33) from every server process: a pool of at most
 * WEBHOOK_CONCURRENCY attempts at once, so a slow receiver (up to 10 s an attempt) holds up only its
 * own deliveries, never the API; claims are taken as slots free up (at most every PASS_GAP_MS),
 * polled every POLL_MS, and kicked by a retry, a test event and the derived events. Stopping takes no new claims, lets the attempts under way end
 * for up to STOP_GRACE_MS, then stops the rest and gives their claims back untried.
 */
import type { Database, Db } from "../db";
import {
  attemptHeaders,
  claimDeliveries,
  recordOutcome,
  recordSuccesses,
  releaseClaim,
  type ClaimedDelivery,
} from "../domain/webhooks/delivery-attempts";
import { targetRules } from "../domain/webhooks/endpoints";
import type { TargetRules } from "../domain/webhooks/target-address";
import { sendAttempt, type AttemptOutcome } from "../domain/webhooks/send";
import { env } from "../env";
import { logger } from "../logger";
import { announceDerivedEvents, lookedAt } from "../domain/webhooks/derived-events";
import { startJobLoop, type JobLoop } from "./job-loop";
import { createPassLog } from "./pass-log";

const POLL_MS = 250;
const PASS_GAP_MS = 20;
const RECORD_BATCH_MS = 10;
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
  /** How long stop() lets the attempts under way end before it stops them. */
  stopGraceMs: number;
}

export function startWebhookWorkerLoop(
  getDb: () => Promise<Database>,
  {
    concurrency = env.WEBHOOK_CONCURRENCY,
    rules = targetRules(),
    timeScale = env.PFA_TEST_WEBHOOK_TIME_SCALE,
    stopGraceMs = STOP_GRACE_MS,
  }: Partial<WebhookWorkerOptions> = {},
): WebhookWorker {
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  const passes = createPassLog("webhook delivery pass");
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;

  // Successes are recorded together: the attempts that end within RECORD_BATCH_MS of each other, or
  // while a batch is written, are written in one batch (two statements) instead of a transaction each.
  // Each success settles with the batch it was written in: a batch that fails fails its own members only.
  type Success = { claimed: ClaimedDelivery; outcome: AttemptOutcome };
  let waiting: Success[] = [];
  const batchOf = new WeakMap<Success, Promise<void>>();
  let recording: Promise<void> | null = null;
  let batchDue: Promise<void> | null = null;
  const recordSucceeded = async (db: Db, claimed: ClaimedDelivery, outcome: AttemptOutcome) => {
    const success = { claimed, outcome };
    waiting.push(success);
    batchDue ??= new Promise<void>((resolve) => setTimeout(resolve, RECORD_BATCH_MS)).finally(() => (batchDue = null));
    await batchDue;
    while (!batchOf.has(success)) {
      if (recording) {
        await recording;
        continue;
      }
      const batch = waiting;
      waiting = [];
      const written = recordSuccesses(db, batch);
      for (const each of batch) batchOf.set(each, written);
      recording = written.then(
        () => undefined,
        () => undefined,
      );
      void recording.finally(() => (recording = null));
    }
    await batchOf.get(success);
  };

  const deliver = async (db: Db, claimed: ClaimedDelivery) => {
    const outcome = await sendAttempt({
      url: claimed.url,
      body: claimed.body,
      headers: attemptHeaders(claimed),
      rules,
      signal: abort.signal,
    });
    if (abort.signal.aborted && !outcome.ok && outcome.status === null) await releaseClaim(db, claimed);
    else if (outcome.ok) await recordSucceeded(db, claimed, outcome);
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
      const free = concurrency - inFlight.size;
      const claimed = await claimDeliveries(db, free);
      for (const each of claimed) {
        const sending = deliver(db, each)
          .catch((error) => logger.error({ err: error, webhookDeliveryId: each.id }, "webhook delivery failed"))
          .finally(() => {
            inFlight.delete(sending);
            run();
          });
        inFlight.add(sending);
      }
      // Fewer than asked for: nothing more is due now.
      if (claimed.length < free) break;
    }
  };

  // Passes start at most every PASS_GAP_MS, so attempts ending one after the other free their slots
  // for one claim, not one claim each.
  let lastPass = 0;
  let passTimer: NodeJS.Timeout | null = null;
  const run = () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    const wait = lastPass + PASS_GAP_MS - performance.now();
    if (wait > 0) {
      passTimer ??= setTimeout(() => {
        passTimer = null;
        run();
      }, wait);
      return;
    }
    lastPass = performance.now();
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
      if (passTimer) clearTimeout(passTimer);
      await pass;
      const grace = setTimeout(() => abort.abort(), stopGraceMs);
      await Promise.allSettled([...inFlight]);
      clearTimeout(grace);
    },
    async idle() {
      while (pass || inFlight.size > 0) await Promise.allSettled([pass, ...inFlight]);
    },
  };
}

const globalForWorker = globalThis as unknown as { webhookWorker?: WebhookWorker; derivedEvents?: JobLoop };

/**
 * This process's sender, and its look for budget.exceeded and insight.created (every 2 s, at a
 * workspace only when its data or day changed; server/domain/webhooks/derived-events.ts).
 */
export function startWebhookWorker(getDb: () => Promise<Database>): WebhookWorker {
  const worker = (globalForWorker.webhookWorker ??= startWebhookWorkerLoop(getDb));
  const seen = lookedAt();
  globalForWorker.derivedEvents ??= startJobLoop("webhook derived events pass", getDb, async (db) => {
    if ((await announceDerivedEvents(db, seen)) > 0) worker.kick();
  });
  return worker;
}

/** Sends what a write just queued without waiting for the next poll (the commit may still be under way: the poll is the backstop). */
export function kickWebhookWorker(): void {
  const worker = globalForWorker.webhookWorker;
  if (worker) setImmediate(() => worker.kick());
}

export async function stopWebhookWorker(): Promise<void> {
  await globalForWorker.derivedEvents?.stop();
  await globalForWorker.webhookWorker?.stop();
}
