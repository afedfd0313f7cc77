/**
 * One delivery attempt: a POST of the event's body to the endpoint, connected to the address
 * resolveTarget checked (so a DNS answer that changes after the check is never used), at most
 * WEBHOOK_TIMEOUT_MS for the whole exchange, no redirect followed (a 3xx is a failure), and at most
 * 4 KiB of the answer read. Never throws: the outcome says what happened.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveTarget, TargetRefused, type TargetRules } from "./target-address";

const WEBHOOK_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 4 * 1024;

export interface AttemptOutcome {
  /** A 2xx answer. */
  ok: boolean;
  /** The answer's status, when one came. */
  status: number | null;
  latencyMs: number;
  /** Why the attempt failed, in words (null when ok). */
  error: string | null;
}

export interface Attempt {
  url: string;
  body: string;
  headers: Record<string, string>;
  rules: TargetRules;
  /** Aborts the attempt (a shutdown that cannot wait). */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function sendAttempt(attempt: Attempt): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The whole attempt, the host's lookup included, is bounded and stops with the instance.
  const timeout = AbortSignal.timeout(attempt.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const signal = attempt.signal ? AbortSignal.any([attempt.signal, timeout]) : timeout;
  let target: { address: string; family: 4 | 6 };
  const url = new URL(attempt.url);
  try {
    target = await resolveTarget(url, attempt.rules, signal);
  } catch (error) {
    const reason = error instanceof TargetRefused ? `refused: the URL ${error.message}` : String(error);
    return { ok: false, status: null, latencyMs: elapsed(), error: reason };
  }
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        lookup: pinned,
        signal,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(attempt.body),
          "user-agent": "personal-finance-api-webhooks/1",
          ...attempt.headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        const done = () => {
          response.destroy();
          const ok = status >= 200 && status < 300;
          settle({
            ok,
            status,
            latencyMs: elapsed(),
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `answered ${status} (a redirect, which is not followed)`
                : `answered ${status}`,
          });
        };
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read >= MAX_ANSWER_BYTES) done();
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    request.on("error", (error) => {
      const reason = timeout.aborted
        ? `no answer within ${(attempt.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`
        : attempt.signal?.aborted
          ? "stopped: the instance was shutting down"
          : connectionError(error);
      settle({ ok: false, status: null, latencyMs: elapsed(), error: reason });
    });
    request.end(attempt.body);
  });
}

function connectionError(error: Error & { code?: string }): string {
  switch (error.code) {
    case "ECONNREFUSED":
      return "the connection was refused";
    case "ECONNRESET":
      return "the connection was reset";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "the host could not be reached";
    default:
      return error.code ? `${error.code}: ${error.message}` : error.message;
  }
}
